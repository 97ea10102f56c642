"""Read models of an intelligent eval: progress against the plan, and the Markdown report."""

from __future__ import annotations

from typing import Any

from agenteval.domain import eval_state as sm
from agenteval.domain.eval_report_markdown import render_eval_report
from agenteval.domain.usage_report import usage_section
from agenteval.engine.catalog.usage import usage_of
from agenteval.store.models import EvalEvent, EvalSession, IntelligentEval, Target


async def progress(row: IntelligentEval) -> dict[str, Any]:
    plan = row.plan or {}
    sessions = await EvalSession.filter(eval_id=row.id).values_list(
        "status", "turn_count", "dimension")
    running = sum(1 for status, _, _ in sessions if status == sm.SESSION_RUNNING)
    covered = sorted({dimension for _, _, dimension in sessions if dimension})
    overruns = await EvalEvent.filter(eval_id=row.id, type="BUDGET_OVERRUN").count()
    return {
        "sessions_planned": plan.get("estimatedSessions") or 0,
        "sessions_started": len(sessions),
        "sessions_running": running,
        "sessions_closed": len(sessions) - running,
        "turns_used": sum(turns for _, turns, _ in sessions),
        "turn_budget": (plan.get("budget") or {}).get("totalMaxTurns"),
        "budget_overruns": overruns,
        "dimensions_covered": covered,
        "dimensions_planned": list(plan.get("dimensions") or []),
    }


async def report_markdown(row: IntelligentEval, model_prices: str | None = None) -> str | None:
    """The report as Markdown, the model usage at the end (None until a report exists).

    `model_prices` is the AGENTEVAL_MODEL_PRICES setting (the usage's estimated cost)."""
    if row.report is None:
        return None
    target = await Target.get_or_none(id=row.target_id)
    sessions = await EvalSession.filter(eval_id=row.id).order_by("created_at", "id")
    eval_view = {
        "name": row.name, "status": row.status, "goal": row.goal, "intent": row.intent,
        "roleDescription": row.role_description, "timeWindowHours": row.time_window_hours,
        "target": {"name": target.name if target else None}, "plan": row.plan,
        "failureReason": row.failure_reason, "startedAt": row.started_at,
        "completedAt": row.completed_at,
    }
    session_views = [{"id": str(s.id), "persona": s.persona, "goal": s.goal,
                      "dimension": s.dimension, "status": s.status, "turnCount": s.turn_count,
                      "verdict": s.verdict} for s in sessions]
    report = render_eval_report(eval_view, row.report, session_views)
    totals = await usage_of(eval_id=row.id, prices_setting=model_prices)
    return f"{report.rstrip()}\n\n{usage_section(totals)}"
