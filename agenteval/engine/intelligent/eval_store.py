"""An intelligent eval's persistence behind one port: `EvalStore`, and `DatabaseEvals` on
the database (the in-memory one is tests/support/memory_evals.py).

The EvalActor reaches the database only through this port. `commit` is one
transaction: the actor's fence (the `eval` lease it holds for the message, applied
first: a process that lost it writes nothing), the compare-and-set of the eval's
row on the version the actor expects (`VersionConflict` when it moved on; the
runtime then reloads the actor and delivers the message again), the writes the
command makes inside it (`inside`, which calls this store's other writes — a plan
revision, a session row — so they commit or roll back with the eval), and the
command's events, appended with the eval's next sequences. It answers the
appended events with the eval's log counters after them, so the actor keeps its
row current without reading it again.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, Protocol

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from actors import Fence, VersionConflict
from agenteval.engine.intelligent import commands, sessions
from agenteval.errors import NotFound
from agenteval.store import leases
from agenteval.store.evals.eval_log import Appended, NewEvent, append_events
from agenteval.store.models import EvalSession, IntelligentEval, PlanRevision

# Writes made inside the eval's transaction, given the new status; more events to append.
Inside = Callable[[str], Awaitable[list[NewEvent]]]


class DuplicateKey(Exception):
    """A unique key was taken concurrently (a session with the same idempotency key)."""


class EvalStore(Protocol):
    async def load(self, eval_id: uuid.UUID) -> IntelligentEval:
        """The eval as stored (NotFound when there is none)."""

    async def last_activity(self, eval_id: uuid.UUID) -> datetime | None:
        """The eval's `last_agent_activity_at` as stored now: a log counter that session
        turns move too, so an owner keeping the row reads it where it matters (NotFound)."""

    async def commit(self, row: IntelligentEval, status: str, now: datetime,
                     fields: dict[str, Any], events: list[NewEvent],
                     inside: Inside | None = None, fence: Fence | None = None) -> Appended:
        """The command's change in one transaction, made on `row.version`; the stored
        events and the log counters after them (OwnershipLost, VersionConflict,
        DuplicateKey)."""

    async def add_plan_revision(self, eval_id: uuid.UUID, revision: int,
                                plan: dict[str, Any]) -> None: ...

    async def reject_plan_revision(self, eval_id: uuid.UUID, revision: int, feedback: str,
                                   at: datetime) -> None: ...

    async def create_session(self, row: IntelligentEval, message: commands.CreateSession,
                             now: datetime) -> EvalSession: ...

    async def session_by_key(self, eval_id: uuid.UUID, idempotency_key: str
                             ) -> EvalSession | None: ...

    async def running_session_ids(self, eval_id: uuid.UUID) -> list[Any]: ...

    async def session_budget_overrun(self, row: IntelligentEval, enforce: bool
                                     ) -> dict[str, Any] | None:
        """The BUDGET_OVERRUN detail one more session would cause (BudgetExceeded when
        enforced), or None."""

    async def sessions_settled(self, row: IntelligentEval) -> bool:
        """Every planned session is closed or expired, and none is still running."""

    async def mark_analyst_woken(self, row: IntelligentEval, now: datetime,
                                 fence: Fence | None = None) -> None:
        """Set `analyst_woken_at` on `row.version` (OwnershipLost, VersionConflict)."""


class DatabaseEvals:
    async def load(self, eval_id: uuid.UUID) -> IntelligentEval:
        row = await IntelligentEval.get_or_none(id=eval_id)
        if row is None:
            raise NotFound(f"intelligent eval {eval_id} does not exist")
        return row

    async def last_activity(self, eval_id: uuid.UUID) -> datetime | None:
        found = await IntelligentEval.filter(id=eval_id).values_list(
            "last_agent_activity_at", flat=True)
        if not found:
            raise NotFound(f"intelligent eval {eval_id} does not exist")
        return found[0]  # type: ignore[return-value]  # flat values_list: the scalars

    async def commit(self, row: IntelligentEval, status: str, now: datetime,
                     fields: dict[str, Any], events: list[NewEvent],
                     inside: Inside | None = None, fence: Fence | None = None) -> Appended:
        try:
            async with in_transaction():
                if fence is not None:
                    await leases.fence(fence)
                values = {"status": status, "version": row.version + 1, "updated_at": now,
                          **fields}
                if await IntelligentEval.filter(id=row.id, version=row.version).update(
                        **values) == 0:
                    raise VersionConflict(f"intelligent eval {row.id}")
                pending = list(events)
                if inside is not None:
                    pending += await inside(status)
                appended = await append_events(row.id, status, pending)
        except IntegrityError as exc:
            raise DuplicateKey from exc
        assert appended is not None  # no status condition: the eval row is always updated
        return appended

    async def add_plan_revision(self, eval_id: uuid.UUID, revision: int,
                                plan: dict[str, Any]) -> None:
        await PlanRevision.create(eval_id=eval_id, revision=revision, plan=plan)

    async def reject_plan_revision(self, eval_id: uuid.UUID, revision: int, feedback: str,
                                   at: datetime) -> None:
        await PlanRevision.filter(eval_id=eval_id, revision=revision).update(
            feedback=feedback, rejected_at=at)

    async def create_session(self, row: IntelligentEval, message: commands.CreateSession,
                             now: datetime) -> EvalSession:
        return await sessions.create_session_row(row, message, now)

    async def session_by_key(self, eval_id: uuid.UUID, idempotency_key: str
                             ) -> EvalSession | None:
        return await EvalSession.get_or_none(eval_id=eval_id, idempotency_key=idempotency_key)

    async def running_session_ids(self, eval_id: uuid.UUID) -> list[Any]:
        return await sessions.running_session_ids(eval_id)

    async def session_budget_overrun(self, row: IntelligentEval, enforce: bool
                                     ) -> dict[str, Any] | None:
        return await sessions.session_budget_overrun(row, enforce)

    async def sessions_settled(self, row: IntelligentEval) -> bool:
        return await sessions.sessions_settled(row)

    async def mark_analyst_woken(self, row: IntelligentEval, now: datetime,
                                 fence: Fence | None = None) -> None:
        async with in_transaction():
            if fence is not None:
                await leases.fence(fence)
            if not await IntelligentEval.filter(id=row.id, version=row.version).update(
                    analyst_woken_at=now, version=row.version + 1, updated_at=now):
                raise VersionConflict(f"intelligent eval {row.id}")
