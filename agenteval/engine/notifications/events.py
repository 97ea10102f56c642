"""Notification events as sent in JSON (the raw event), built from the stored state.

Every event has `id` (the idempotency id: the same on every retry), `event`,
`occurredAt` and `link` (a page of the web UI under AGENTEVAL_PUBLIC_URL). The
event is built at the first delivery attempt and stored with the delivery, so
retries resend exactly the same body.
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

from agenteval.config import Settings
from agenteval.domain.intelligent.eval_report_markdown import SEVERITY_ORDER
from agenteval.domain.model_costs import UsageTotals
from agenteval.engine.catalog.usage import cost_estimate
from agenteval.store.notifications import subjects
from agenteval.store.notifications.subjects import RunSubject


class SubjectGone(Exception):
    """The eval or run the event is about was deleted before it could be sent."""


def web_base(settings: Settings) -> str:
    """The web UI's address: AGENTEVAL_PUBLIC_URL without its `/graphql` path."""
    return settings.api_url.rstrip("/").removesuffix("/graphql")


async def build_event(delivery_id: str, event: str, subject_id: str,
                      detail: dict[str, Any] | None, settings: Settings) -> dict[str, Any]:
    """The event `event` about the eval or run `subject_id` (SubjectGone if it was deleted)."""
    base = {"id": delivery_id, "event": event,
            "occurredAt": datetime.now(UTC).isoformat().replace("+00:00", "Z")}
    detail = detail or {}
    if event.startswith("eval."):
        return {**base, **await _eval_event(event, subject_id, detail, settings)}
    if event.startswith(("monitoring.", "review.")):
        # Monitoring's alerts and the judge's κ drift alert are built whole when they are
        # raised (engine/monitoring, engine/alignment):
        # only the web UI's address is added here, the path is the alert's own.
        path = str(detail.get("path") or "/monitoring")
        return {**base, **{k: v for k, v in detail.items() if k != "path"},
                "link": f"{web_base(settings)}{path}"}
    return {**base, **await _run_event(event, subject_id, detail, settings)}


def test_event(delivery_id: str, webhook_name: str, settings: Settings) -> dict[str, Any]:
    """What `testWebhook` sends."""
    return {"id": delivery_id, "event": "test",
            "occurredAt": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
            "summary": f"Test message from AgentEval to the webhook {webhook_name!r}.",
            "link": f"{web_base(settings)}/"}


async def _eval_event(event: str, eval_id: str, detail: dict[str, Any],
                      settings: Settings) -> dict[str, Any]:
    row = await subjects.eval_subject(eval_id)
    if row is None:
        raise SubjectGone(f"intelligent eval {eval_id} no longer exists")
    link = f"{web_base(settings)}/evals/{row.id}"
    out: dict[str, Any] = {"eval": {
        "id": str(row.id), "name": row.name, "status": row.status, "goal": row.goal,
        "planRevision": detail.get("revision", row.plan_revision),
        "target": row.target_name}, "link": link}
    if event == "eval.plan_pending":
        plan = row.plan or {}
        out["plan"] = {"dimensions": plan.get("dimensions") or [],
                       "estimatedSessions": plan.get("estimatedSessions"),
                       "virtualUsers": len(plan.get("virtualUsers") or []),
                       "budget": plan.get("budget")}
        estimate = await cost_estimate(row.plan, settings.model_prices)
        out["costEstimate"] = None if estimate is None else usage_json(estimate)
    elif event == "eval.completed":
        report = row.report or {}
        severities = Counter(str(f.get("severity")) for f in report.get("findings") or [])
        ordered = [s for s in SEVERITY_ORDER if s in severities] + sorted(
            s for s in severities if s not in SEVERITY_ORDER)
        out["report"] = {"summary": report.get("summary"),
                         "findingsBySeverity": {s: severities[s] for s in ordered}}
        out["link"] = f"{link}/report"
    else:
        out["reason"] = detail.get("reason") or row.failure_reason
    return out


async def _run_event(event: str, run_id: str, detail: dict[str, Any],
                     settings: Settings) -> dict[str, Any]:
    run = await subjects.run_subject(run_id)
    if run is None:
        raise SubjectGone(f"run {run_id} no longer exists")
    out: dict[str, Any] = {
        "run": {"id": str(run.id), "status": run.status, "campaign": run.campaign_name,
                "campaignId": str(run.campaign_id), "target": run.target_name},
        "link": f"{web_base(settings)}/runs/{run.id}"}
    if event == "run.failed":
        out["error"] = detail.get("error") or run.error
        return out
    summary = run.summary or {}
    out["passRate"] = summary.get("pass_rate")
    out["successRate"] = summary.get("success_rate")
    out["delta"] = await _delta(run, summary)
    return out


async def _delta(run: RunSubject, summary: dict[str, Any]) -> dict[str, Any] | None:
    """Rates against the previous COMPLETED run of the same campaign and target."""
    previous = await subjects.previous_completed(run)
    if previous is None:
        return None
    previous_id, before_summary = previous
    if not before_summary:
        return None

    def change(key: str) -> float | None:
        now, before = summary.get(key), before_summary.get(key)
        return None if now is None or before is None else round(now - before, 6)

    return {"previousRunId": str(previous_id), "passRate": change("pass_rate"),
            "successRate": change("success_rate")}


def usage_json(totals: UsageTotals) -> dict[str, Any]:
    return {"modelCalls": totals.model_calls, "promptTokens": totals.prompt_tokens,
            "completionTokens": totals.completion_tokens,
            "estimatedCost": totals.estimated_cost, "currency": totals.currency}
