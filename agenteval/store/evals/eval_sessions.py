"""Session rows seen from their eval: creation (by the EvalActor, inside the eval's
transaction), the RUNNING ones, the session budget, whether every session settled.

A session row is created by its eval's EvalActor (with SESSION_CREATED) and from then
on written only by its SessionActor. Nothing here writes an existing session.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.budgets import session_overrun
from agenteval.domain.intelligent.eval_records import EvalRecord
from agenteval.store.models import EvalSession

SETTLED = (eval_state.SESSION_COMPLETED, eval_state.SESSION_EXPIRED)


class NewSession(Protocol):
    """What a new session is created from (the engine's CreateSession command)."""

    @property
    def persona(self) -> dict[str, Any]: ...
    @property
    def goal(self) -> str: ...
    @property
    def dimension(self) -> str | None: ...
    @property
    def virtual_user_index(self) -> int | None: ...
    @property
    def time_slot_index(self) -> int | None: ...
    @property
    def idempotency_key(self) -> str | None: ...


async def create_session_row(row: EvalRecord, message: NewSession,
                             now: datetime) -> EvalSession:
    return await EvalSession.create(
        eval_id=row.id, persona=message.persona, goal=message.goal, dimension=message.dimension,
        virtual_user_index=message.virtual_user_index, time_slot_index=message.time_slot_index,
        status=eval_state.SESSION_RUNNING, idempotency_key=message.idempotency_key,
        last_activity_at=now)


async def running_session_ids(eval_id: Any) -> list[Any]:
    """The ids of the eval's sessions still RUNNING (to ask their actors to fail them)."""
    return list(await EvalSession.filter(eval_id=eval_id, status=eval_state.SESSION_RUNNING)
                .values_list("id", flat=True))


async def session_budget_overrun(row: EvalRecord, enforce: bool) -> dict[str, Any] | None:
    """The BUDGET_OVERRUN detail of one more session (BudgetExceeded when enforced)."""
    used = await EvalSession.filter(eval_id=row.id).count() + 1
    return session_overrun(row.plan, used, enforce)


async def sessions_settled(row: EvalRecord) -> bool:
    """Every planned session is closed or expired, and none is still running."""
    planned = (row.plan or {}).get("estimatedSessions") or 0
    if planned < 1:
        return False
    if await EvalSession.filter(eval_id=row.id, status=eval_state.SESSION_RUNNING).exists():
        return False
    return await EvalSession.filter(eval_id=row.id, status__in=SETTLED).count() >= planned
