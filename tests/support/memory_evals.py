"""`MemoryEvals`: the eval store port (engine/intelligent/eval_store.py) in memory, on the
rows of a `MemorySessions` (one in-memory database for both actors), so the EvalActor's
behaviour is tested without a database. Writes are fenced against the rows'
`MemoryLeases` (OwnershipLost) and compare-and-set on the version (VersionConflict);
`loads` counts the rows read. The port hands out frozen records
(`domain.intelligent.eval_records`): the rows stay in here, shared with the sessions'
store (whose port still speaks rows), and are mapped at this edge as the database's
adapter maps its own."""

from __future__ import annotations

import uuid
from copy import copy
from dataclasses import fields
from datetime import datetime
from typing import Any

from actors import VersionConflict
from actors.delivery import fence_for
from actors.ownership import lease_name
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.eval_records import EvalRecord, SessionRecord
from agenteval.domain.owned_kinds import EVAL
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.eval_store import Inside
from agenteval.errors import NotFound
from agenteval.store.evals.eval_log import Appended, NewEvent
from agenteval.store.models import EvalSession, IntelligentEval, Target
from tests.support.memory_sessions import MemorySessions


def _record(row: IntelligentEval) -> EvalRecord:
    return EvalRecord(**{f.name: getattr(row, f.name) for f in fields(EvalRecord)})


def _session_record(row: EvalSession) -> SessionRecord:
    return SessionRecord(**{f.name: getattr(row, f.name) for f in fields(SessionRecord)})


class MemoryEvals:
    def __init__(self, rows: MemorySessions) -> None:
        self.rows = rows
        self.plan_revisions: dict[tuple[uuid.UUID, int], dict[str, Any]] = {}
        self.commits = 0
        self.loads = 0

    def add_eval(self, status: str = eval_state.DRAFT, channel_type: str = "mock"
                 ) -> IntelligentEval:
        target = Target(id=uuid.uuid4(), name="t", channel_type=channel_type,
                        channel_config={}, max_concurrency=8)
        row = IntelligentEval(id=uuid.uuid4(), name="e", target_id=target.id, status=status,
                              goal="g", intent="i", role_description="r")
        self.rows.evals[row.id], self.rows.targets[row.id] = row, target
        return copy(row)

    def sharing(self, owner: str) -> MemoryEvals:
        """Another process on the same rows and leases."""
        other = MemoryEvals(self.rows.sharing(owner))
        other.plan_revisions = self.plan_revisions
        return other

    def _stored(self, eval_id: uuid.UUID) -> IntelligentEval:
        if eval_id not in self.rows.evals:
            raise NotFound(f"intelligent eval {eval_id} does not exist")
        return self.rows.evals[eval_id]

    async def load(self, eval_id: uuid.UUID) -> EvalRecord:
        self.loads += 1
        return _record(self._stored(eval_id))

    async def last_activity(self, eval_id: uuid.UUID) -> datetime | None:
        return self._stored(eval_id).last_agent_activity_at

    async def _check(self, row: EvalRecord) -> IntelligentEval:
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
        stored = await self._check(row)
        pending = list(events) + (await inside(status) if inside is not None else [])
        stored.status, stored.version, stored.updated_at = status, row.version + 1, now
        for name, value in fields.items():
            setattr(stored, name, value)
        self.commits += 1
        appended = [self.rows.event(stored, event.type, event.detail or {},
                                    None if event.session_id is None
                                    else uuid.UUID(str(event.session_id)), now)
                    for event in pending]
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
        session = EvalSession(
            id=uuid.uuid4(), eval_id=row.id, persona=message.persona, goal=message.goal,
            dimension=message.dimension, virtual_user_index=message.virtual_user_index,
            time_slot_index=message.time_slot_index, status=eval_state.SESSION_RUNNING,
            idempotency_key=message.idempotency_key, last_activity_at=now, created_at=now)
        self.rows.sessions[session.id], self.rows.stored[session.id] = session, []
        return _session_record(session)

    async def session_by_key(self, eval_id: uuid.UUID, idempotency_key: str
                             ) -> SessionRecord | None:
        return next((_session_record(s) for s in self.rows.sessions.values()
                     if s.eval_id == eval_id and s.idempotency_key == idempotency_key), None)

    def _sessions(self, eval_id: uuid.UUID) -> list[EvalSession]:
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
        stored = await self._check(row)
        stored.analyst_woken_at, stored.version = now, row.version + 1
