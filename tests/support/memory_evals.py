"""`MemoryEvals`: the eval store port (engine/intelligent/eval_store.py) in memory, on the
rows of a `MemorySessions` (one in-memory database for both actors), so the EvalActor's
behaviour is tested without a database. Writes are fenced against the rows'
`MemoryLeases` (OwnershipLost) and compare-and-set on the version (VersionConflict);
`loads` counts the evals read. It keeps the port's frozen records
(`domain.intelligent.eval_records`), shared with the sessions' store: no ORM."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from actors import VersionConflict
from actors.delivery import fence_for
from actors.ownership import lease_name
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.eval_events import Appended, Inside, NewEvent
from agenteval.domain.intelligent.eval_records import EvalRecord, SessionRecord
from agenteval.domain.owned_kinds import EVAL
from agenteval.engine.intelligent import commands
from agenteval.errors import NotFound
from tests.support.memory_sessions import MemorySessions


class MemoryEvals:
    def __init__(self, rows: MemorySessions) -> None:
        self.rows = rows
        self.plan_revisions: dict[tuple[uuid.UUID, int], dict[str, Any]] = {}
        self.commits = 0
        self.loads = 0

    def add_eval(self, status: str = eval_state.DRAFT, channel_type: str = "mock"
                 ) -> EvalRecord:
        return self.rows.add_eval_record(status, channel_type)

    def sharing(self, owner: str) -> MemoryEvals:
        """Another process on the same rows and leases."""
        other = MemoryEvals(self.rows.sharing(owner))
        other.plan_revisions = self.plan_revisions
        return other

    def _stored(self, eval_id: uuid.UUID) -> EvalRecord:
        if eval_id not in self.rows.evals:
            raise NotFound(f"intelligent eval {eval_id} does not exist")
        return self.rows.evals[eval_id]

    async def load(self, eval_id: uuid.UUID) -> EvalRecord:
        self.loads += 1
        return self._stored(eval_id)

    async def last_activity(self, eval_id: uuid.UUID) -> datetime | None:
        return self._stored(eval_id).last_agent_activity_at

    async def _check(self, row: EvalRecord) -> EvalRecord:
        fence = fence_for(lease_name(EVAL, str(row.id)))  # the command's delivery's
        if fence is not None:
            await self.rows.leases.fence(fence)
        stored = self.rows.evals.get(row.id)
        if stored is None or stored.version != row.version:
            raise VersionConflict(f"intelligent eval {row.id}")
        return stored

    async def commit(self, row: EvalRecord, status: str, now: datetime,
                     fields: dict[str, Any], events: list[NewEvent],
                     inside: Inside | None = None) -> Appended:
        await self._check(row)
        pending = list(events) + (await inside(status) if inside is not None else [])
        self.rows.change_eval(row.id, status=status, version=row.version + 1, updated_at=now,
                              **fields)
        self.commits += 1
        appended = tuple(self.rows.event(row.id, event.type, event.detail or {},
                                         None if event.session_id is None
                                         else uuid.UUID(str(event.session_id)), now)
                         for event in pending)
        stored = self._stored(row.id)
        return Appended(appended, stored.turns_used, stored.event_sequence,
                        stored.last_agent_activity_at)

    async def add_plan_revision(self, eval_id: uuid.UUID, revision: int,
                                plan: dict[str, Any]) -> None:
        self.plan_revisions[(eval_id, revision)] = {"plan": plan}

    async def reject_plan_revision(self, eval_id: uuid.UUID, revision: int, feedback: str,
                                   at: datetime) -> None:
        self.plan_revisions[(eval_id, revision)].update(feedback=feedback, rejected_at=at)

    async def create_session(self, row: EvalRecord, message: commands.CreateSession,
                             now: datetime) -> SessionRecord:
        session = SessionRecord(
            id=uuid.uuid4(), eval_id=row.id, persona=message.persona, goal=message.goal,
            dimension=message.dimension, virtual_user_index=message.virtual_user_index,
            time_slot_index=message.time_slot_index, status=eval_state.SESSION_RUNNING,
            idempotency_key=message.idempotency_key, last_activity_at=now, created_at=now)
        self.rows.sessions[session.id], self.rows.stored[session.id] = session, []
        return session

    async def session_by_key(self, eval_id: uuid.UUID, idempotency_key: str
                             ) -> SessionRecord | None:
        return next((s for s in self.rows.sessions.values()
                     if s.eval_id == eval_id and s.idempotency_key == idempotency_key), None)

    def _sessions(self, eval_id: uuid.UUID) -> list[SessionRecord]:
        return [s for s in self.rows.sessions.values() if s.eval_id == eval_id]

    async def running_session_ids(self, eval_id: uuid.UUID) -> list[Any]:
        return [s.id for s in self._sessions(eval_id)
                if s.status == eval_state.SESSION_RUNNING]

    async def session_budget_overrun(self, row: EvalRecord, enforce: bool
                                     ) -> dict[str, Any] | None:
        return None

    async def sessions_settled(self, row: EvalRecord) -> bool:
        planned = (row.plan or {}).get("estimatedSessions") or 0
        sessions = self._sessions(row.id)
        return planned >= 1 and not any(
            s.status == eval_state.SESSION_RUNNING for s in sessions) and len(
            [s for s in sessions if s.status in (eval_state.SESSION_COMPLETED,
                                                 eval_state.SESSION_EXPIRED)]) >= planned

    async def mark_analyst_woken(self, row: EvalRecord, now: datetime) -> None:
        await self._check(row)
        self.rows.change_eval(row.id, analyst_woken_at=now, version=row.version + 1)
