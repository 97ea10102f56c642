"""`DatabaseEvals`: the eval store port (engine/intelligent/eval_store.py) on the database.

`commit` is one transaction: the fence of the eval's delivery (the `eval` lease the
runtime holds for the command, applied first: a process that lost it writes
nothing), the compare-and-set of the eval's row on the version the actor expects
(`VersionConflict` when it moved on; the runtime then reloads the actor and delivers
the message again), the writes the command makes inside it (`inside`, which calls
this store's other writes — a plan revision, a session row — so they commit or roll
back with the eval), and the command's events, appended with the eval's next
sequences. It answers the appended events with the eval's log counters after them,
so the actor keeps its record current without reading it again. Rows are mapped to
the port's frozen records here, at the edge (`eval_record`, `session_record`); the
API's types, which read rows, get a record's row back (`eval_row`, `session_row`).
"""

from __future__ import annotations

import uuid
from dataclasses import fields
from datetime import datetime
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from actors import VersionConflict
from actors.delivery import fence_for
from actors.ownership import lease_name
from agenteval.domain.intelligent.eval_events import Appended, Inside, NewEvent
from agenteval.domain.intelligent.eval_records import DuplicateKey, EvalRecord, SessionRecord
from agenteval.domain.owned_kinds import EVAL
from agenteval.errors import NotFound
from agenteval.store import leases
from agenteval.store.evals import eval_sessions as session_rows
from agenteval.store.evals.eval_log import append_events
from agenteval.store.evals.eval_sessions import NewSession
from agenteval.store.models import EvalSession, IntelligentEval, PlanRevision

_EVAL_FIELDS = tuple(field.name for field in fields(EvalRecord))
_SESSION_FIELDS = tuple(field.name for field in fields(SessionRecord))


def eval_record(row: IntelligentEval) -> EvalRecord:
    columns: dict[str, Any] = {name: getattr(row, name) for name in _EVAL_FIELDS}
    return EvalRecord(**columns)


def session_record(row: EvalSession) -> SessionRecord:
    columns: dict[str, Any] = {name: getattr(row, name) for name in _SESSION_FIELDS}
    return SessionRecord(**columns)


def eval_row(record: EvalRecord) -> IntelligentEval:
    """A record as an (unsaved) row, for the readers that take rows."""
    return IntelligentEval(**{name: getattr(record, name) for name in _EVAL_FIELDS})


def session_row(record: SessionRecord) -> EvalSession:
    """A record as an (unsaved) row, for the readers that take rows."""
    return EvalSession(**{name: getattr(record, name) for name in _SESSION_FIELDS})


async def _fenced(eval_id: uuid.UUID) -> None:
    """Inside the transaction: the eval's delivery still owns it (OwnershipLost if not)."""
    fence = fence_for(lease_name(EVAL, str(eval_id)))
    if fence is not None:
        await leases.fence(fence)


class DatabaseEvals:
    async def load(self, eval_id: uuid.UUID) -> EvalRecord:
        row = await IntelligentEval.get_or_none(id=eval_id)
        if row is None:
            raise NotFound(f"intelligent eval {eval_id} does not exist")
        return eval_record(row)

    async def last_activity(self, eval_id: uuid.UUID) -> datetime | None:
        found = await IntelligentEval.filter(id=eval_id).values_list(
            "last_agent_activity_at", flat=True)
        if not found:
            raise NotFound(f"intelligent eval {eval_id} does not exist")
        return found[0]  # type: ignore[return-value]  # flat values_list: the scalars

    async def commit(self, row: EvalRecord, status: str, now: datetime,
                     fields: dict[str, Any], events: list[NewEvent],
                     inside: Inside | None = None) -> Appended:
        try:
            async with in_transaction():
                await _fenced(row.id)
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

    async def create_session(self, row: EvalRecord, message: NewSession,
                             now: datetime) -> SessionRecord:
        return session_record(await session_rows.create_session_row(row, message, now))

    async def session_by_key(self, eval_id: uuid.UUID, idempotency_key: str
                             ) -> SessionRecord | None:
        found = await EvalSession.get_or_none(eval_id=eval_id, idempotency_key=idempotency_key)
        return None if found is None else session_record(found)

    async def running_session_ids(self, eval_id: uuid.UUID) -> list[Any]:
        return await session_rows.running_session_ids(eval_id)

    async def session_budget_overrun(self, row: EvalRecord, enforce: bool
                                     ) -> dict[str, Any] | None:
        return await session_rows.session_budget_overrun(row, enforce)

    async def sessions_settled(self, row: EvalRecord) -> bool:
        return await session_rows.sessions_settled(row)

    async def mark_analyst_woken(self, row: EvalRecord, now: datetime) -> None:
        async with in_transaction():
            await _fenced(row.id)
            if not await IntelligentEval.filter(id=row.id, version=row.version).update(
                    analyst_woken_at=now, version=row.version + 1, updated_at=now):
                raise VersionConflict(f"intelligent eval {row.id}")
