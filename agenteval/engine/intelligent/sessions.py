"""Session rows around their actors: creation (by the EvalActor), reads and budget checks.

A session row is created by its eval's EvalActor (inside the eval's
transaction, with SESSION_CREATED) and from then on written only by its
SessionActor. Nothing here writes an existing session.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from agenteval.domain.intelligent import eval_state
from agenteval.engine.intelligent import commands
from agenteval.errors import BudgetExceeded, ValidationFailed
from agenteval.store.models import EvalSession, IntelligentEval

SETTLED = (eval_state.SESSION_COMPLETED, eval_state.SESSION_EXPIRED)


def check_session_indices(plan: dict[str, Any] | None, message: commands.CreateSession) -> None:
    """virtualUserIndex / timeSlotIndex must name an entry of the approved plan."""
    plan = plan or {}
    errors = []
    for value, key, path in ((message.virtual_user_index, "virtualUsers",
                              "input.virtualUserIndex"),
                             (message.time_slot_index, "timeDistribution", "input.timeSlotIndex")):
        size = len(plan.get(key) or [])
        if value is not None and not 0 <= value < size:
            errors.append({"path": path, "message": f"must be between 0 and {size - 1} "
                                                    f"(the plan has {size} {key})"})
    if errors:
        raise ValidationFailed(errors)


async def create_session_row(row: IntelligentEval, message: commands.CreateSession,
                             now: datetime) -> EvalSession:
    return await EvalSession.create(
        eval_id=row.id, persona=message.persona, goal=message.goal, dimension=message.dimension,
        virtual_user_index=message.virtual_user_index, time_slot_index=message.time_slot_index,
        status=eval_state.SESSION_RUNNING, idempotency_key=message.idempotency_key, last_activity_at=now)


async def running_session_ids(eval_id: Any) -> list[Any]:
    """The ids of the eval's sessions still RUNNING (to ask their actors to fail them)."""
    return list(await EvalSession.filter(eval_id=eval_id, status=eval_state.SESSION_RUNNING)
                .values_list("id", flat=True))


def _budget(row: IntelligentEval, key: str) -> int | None:
    plan = row.plan or {}
    if key == "estimatedSessions":
        return plan.get("estimatedSessions")
    return (plan.get("budget") or {}).get(key)


def _overrun(kind: str, used: int, budget: int | None, enforce: bool) -> dict[str, Any] | None:
    if budget is None or used <= budget:
        return None
    detail = {"kind": kind, "used": used, "budget": budget}
    if enforce:
        raise BudgetExceeded(f"the plan's budget allows {budget} {kind}; this would be {used}",
                             detail)
    return detail


async def session_budget_overrun(row: IntelligentEval, enforce: bool) -> dict[str, Any] | None:
    """The BUDGET_OVERRUN detail of one more session (BudgetExceeded when enforced)."""
    used = await EvalSession.filter(eval_id=row.id).count() + 1
    return _overrun("sessions", used, _budget(row, "estimatedSessions"), enforce)


def turn_overruns(plan: dict[str, Any] | None, session_turns: int, total_turns: int,
                  enforce: bool) -> list[dict[str, Any]]:
    """The BUDGET_OVERRUN details of a turn (per session, then overall); pure.

    `session_turns` / `total_turns` count the turn itself (the session's and the
    eval's turns once it is stored). Raises BudgetExceeded when enforced.
    """
    budget = (plan or {}).get("budget") or {}
    found = [_overrun("turns", session_turns, budget.get("maxTurnsPerSession"), enforce),
             _overrun("turns", total_turns, budget.get("totalMaxTurns"), enforce)]
    return [detail for detail in found if detail is not None]


async def sessions_settled(row: IntelligentEval) -> bool:
    """Every planned session is closed or expired, and none is still running."""
    planned = (row.plan or {}).get("estimatedSessions") or 0
    if planned < 1:
        return False
    if await EvalSession.filter(eval_id=row.id, status=eval_state.SESSION_RUNNING).exists():
        return False
    return await EvalSession.filter(eval_id=row.id, status__in=SETTLED).count() >= planned
