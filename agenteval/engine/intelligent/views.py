"""Read model of an intelligent eval's Markdown report (its progress: `reads.progress`)."""

from __future__ import annotations

from agenteval.domain.eval_report_markdown import render_eval_report
from agenteval.store.models import EvalSession, IntelligentEval, Target


async def report_markdown(row: IntelligentEval) -> str | None:
    """The report as Markdown (None until a report exists)."""
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
    return render_eval_report(eval_view, row.report, session_views)
