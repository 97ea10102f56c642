"""Read model of an intelligent eval's Markdown report (its progress: `reads.progress`)."""

from __future__ import annotations

from typing import Any

from agenteval.domain.eval_language import Language, eval_language
from agenteval.domain.intelligent.eval_report_markdown import render_eval_report
from agenteval.domain.intelligent.provenance_text import merged
from agenteval.domain.intelligent.scripted_checks import scripted_checks
from agenteval.domain.regression.regression_report import eval_regression_section
from agenteval.domain.usage_report import usage_section
from agenteval.engine.catalog.usage import usage_of
from agenteval.engine.review.report import eval_review_view, reviewed_report
from agenteval.store.evals import report_reads
from agenteval.store.evals.eval_reads import EvalSession, IntelligentEval
from agenteval.store.runs.case_origins import cases_from_eval

DRIVER_MODEL_ROLES = {"planner": "PLANNER", "evaluator": "SIMULATOR", "analyst": "ANALYST"}


async def report_markdown(row: IntelligentEval, model_prices: str | None = None) -> str | None:
    """The report as Markdown, the model usage at the end (None until a report exists).

    `model_prices` is the AGENTEVAL_MODEL_PRICES setting (the usage's estimated cost)."""
    if row.report is None:
        return None
    target_name = await report_reads.target_name(row.target_id)
    sessions = await report_reads.sessions_of(row.id)
    review = await eval_review_view(row.id, row.report.get("findings") or [])
    language = eval_language(row.goal, row.seeds)
    eval_view = {
        "language": language, "name": row.name, "status": row.status, "goal": row.goal, "intent": row.intent,
        "roleDescription": row.role_description, "timeWindowHours": row.time_window_hours,
        "target": {"name": target_name}, "plan": row.plan,
        "failureReason": row.failure_reason, "startedAt": row.started_at,
        "completedAt": row.completed_at,
        "method": await method_of(row, sessions, language),
        "planRevisions": await report_reads.plan_revision_views(row.id),
        "review": review,
    }
    messages: dict[Any, list[dict[str, Any]]] = {}
    for message in await report_reads.message_views(row.id):
        messages.setdefault(message["session_id"], []).append({
            "turnIndex": message["turn_index"], "role": message["role"],
            "content": message["content"], "latencyMs": message["latency_ms"],
            "error": message["error"]})
    session_views = [{"id": str(s.id), "persona": s.persona, "goal": s.goal,
                      "dimension": s.dimension, "status": s.status, "turnCount": s.turn_count,
                      "verdict": s.verdict, "createdAt": s.created_at, "closedAt": s.closed_at,
                      "messages": messages.get(s.id, [])} for s in sessions]
    drafted = await cases_from_eval(row.id)
    regression = eval_regression_section(row.report.get("findings") or [], drafted,
                                         language) if drafted else ""
    report = render_eval_report(eval_view, reviewed_report(row.report, review), session_views,
                                regression)
    totals = await usage_of(eval_id=row.id, prices_setting=model_prices)
    return f"{report.rstrip()}\n\n{usage_section(totals, language)}"


async def method_of(row: IntelligentEval, sessions: list[EvalSession],
                    language: Language = "en") -> dict[str, Any]:
    """How the report was produced, from what the server knows: the drivers its wake-ups
    used, the model configured for each built-in role, the models configured now."""
    from agenteval.engine.catalog.configured_models import effective_model_configs

    woken: dict[str, str] = {}
    for detail in await report_reads.woken_details(row.id):
        if isinstance(detail, dict) and detail.get("role") and detail.get("ok", True):
            woken[str(detail["role"])] = str(detail.get("driver"))
    configs = await effective_model_configs()
    models = {config.role: config.model for config in configs}
    roles = []
    for role, driver in woken.items():
        entry: dict[str, Any] = {"role": role, "driver": driver}
        if driver == "builtin":
            model = models.get(DRIVER_MODEL_ROLES.get(role, ""))
            provenance = stored_provenance(role, row, sessions)
            if provenance:  # what the driver recorded, call by call
                sources = {trail["source"] for trail in provenance.values() if trail}
                mode = sources.pop() if len(sources) == 1 else "mixed"
                entry.update(mode="scripted" if mode == "script" else mode, model=model,
                             provenance=provenance)
            else:  # stored before the driver recorded provenance: the configured model
                entry.update(mode="model" if model else "scripted", model=model)
        elif driver == "openclaw":
            entry["agentId"] = _openclaw_agent(role)
        roles.append(entry)
    for role in DRIVER_MODEL_ROLES:  # an agent working through the API without a wake-up
        provenance = stored_provenance(role, row, sessions)
        if role not in woken and provenance:
            roles.append({"role": role, "driver": "api", "provenance": provenance})
    method: dict[str, Any] = {
        "roles": roles,
        "models": [{"role": c.role, "model": c.model, "baseUrl": c.base_url} for c in configs],
        "scriptedChecks": [],
    }
    if any(r["driver"] == "builtin" and r.get("mode") in ("scripted", "mixed")
           and r["role"] == "evaluator" for r in roles):
        method["scriptedChecks"] = scripted_checks(language)
    return method


def stored_provenance(role: str, row: IntelligentEval, sessions: list[EvalSession]
                      ) -> dict[str, Any] | None:
    """What the driver stored with the plan, the sessions' verdicts or the report, by what
    was produced ("plan"; "virtual users" and "verdicts"; "report"); None when nothing."""
    if role == "planner":
        trail = (row.plan or {}).get("provenance")
        return {"plan": trail} if trail else None
    if role == "analyst":
        trail = (row.report or {}).get("provenance")
        return {"report": trail} if trail else None
    if role == "evaluator":
        stored = [(s.verdict or {}).get("provenance") or {} for s in sessions]
        users = merged(p.get("simulator") for p in stored)
        verdicts = merged(p.get("verdict") for p in stored)
        if users is None and verdicts is None:
            return None
        return {"virtual users": users, "verdicts": verdicts}
    return None


def _openclaw_agent(role: str) -> str | None:
    """The OpenClaw agent id the settings give this role (read when a report is rendered)."""
    from agenteval.config import Settings

    settings = Settings.from_env()
    return {"planner": settings.openclaw_planner_agent,
            "evaluator": settings.openclaw_evaluator_agent,
            "analyst": settings.openclaw_analyst_agent}.get(role)
