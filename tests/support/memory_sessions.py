"""`MemorySessions`: the session store port (engine/intelligent/session_store.py) in
memory, and an IntelligentEngine on it, so the SessionActor's behaviour is tested
without a database.

A turn is stored as the database's fast path stores it: fenced against the
`MemoryLeases` the runtime claims from (Unavailable when lost), compare-and-set on
the eval's status and the session's status and turn count (Conflict), the budget
checked on the counters it produces, the lease given up with the write.

It keeps the ports' frozen records (`domain.intelligent.eval_records`, `eval_events`,
`turn_records`; the eval and session records shared with `MemoryEvals`), a write
replacing a record: no ORM (it imports no Tortoise), nothing to initialise.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from actors import ActorSystem, MemoryLeases, OwnedSystem, OwnershipLost
from actors.delivery import claimed_read, fence_for, released_with_write
from actors.ownership import Fence
from agenteval.channels import ChannelFactory
from agenteval.config import Settings
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.eval_events import Appended, EventRecord
from agenteval.domain.intelligent.eval_records import EvalRecord, MessageRecord, SessionRecord
from agenteval.domain.intelligent.turn_records import StoredTurn, TurnState
from agenteval.domain.target_record import TargetRecord
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.intelligent.eval_store import EvalStore
from agenteval.engine.intelligent.sessions import turn_overruns
from agenteval.engine.intelligent.wakeups import WakeUps
from agenteval.errors import Conflict, NotFound, Unavailable
from agenteval.store.event_bus import create_event_bus
from agenteval.store.sessions.turn_lease import turn_lease_name


class MemorySessions:
    def __init__(self, leases: MemoryLeases) -> None:
        self.leases = leases
        self.evals: dict[uuid.UUID, EvalRecord] = {}
        self.sessions: dict[uuid.UUID, SessionRecord] = {}
        self.stored: dict[uuid.UUID, list[MessageRecord]] = {}
        self.targets: dict[uuid.UUID, TargetRecord] = {}  # by eval id
        self.events: list[EventRecord] = []

    def sharing(self, owner: str) -> MemorySessions:
        """Another process on the same rows and leases."""
        other = MemorySessions(self.leases.sharing(owner))
        other.evals, other.sessions, other.stored = self.evals, self.sessions, self.stored
        other.targets, other.events = self.targets, self.events
        return other

    def add_session(self, plan: dict[str, Any] | None = None, channel_type: str = "mock",
                    eval_status: str = eval_state.EXECUTING) -> SessionRecord:
        row = self.add_eval_record(eval_status, channel_type, plan=plan)
        session = SessionRecord(id=uuid.uuid4(), eval_id=row.id, goal="g", persona={},
                                status=eval_state.SESSION_RUNNING, created_at=datetime.now(UTC))
        self.sessions[session.id], self.stored[session.id] = session, []
        return session

    def add_eval_record(self, status: str, channel_type: str = "mock",
                        plan: dict[str, Any] | None = None) -> EvalRecord:
        target = TargetRecord(id=uuid.uuid4(), channel_type=channel_type, channel_config={},
                              max_concurrency=8)
        row = EvalRecord(id=uuid.uuid4(), name="e", target_id=target.id, status=status,
                         version=0, goal="g", intent="i", role_description="r", plan=plan,
                         created_at=datetime.now(UTC))
        self.evals[row.id], self.targets[row.id] = row, target
        return row

    def change_eval(self, eval_id: uuid.UUID, **columns: Any) -> EvalRecord:
        """Write the eval's columns (a commit here, or another writer in a test)."""
        self.evals[eval_id] = changed = replace(self.evals[eval_id], **columns)
        return changed

    def change_session(self, session_id: uuid.UUID, **columns: Any) -> SessionRecord:
        self.sessions[session_id] = changed = replace(self.sessions[session_id], **columns)
        return changed

    async def open_turn(self, key: str, name: str, ttl_s: float
                        ) -> tuple[Fence | None, TurnState | None]:
        fence = await self.leases.claim(name, ttl_s)
        session = self.sessions.get(uuid.UUID(key))
        if fence is None or session is None:
            return fence, None
        row = self.evals[session.eval_id]
        return fence, TurnState(session.status, session.turn_count, row.status, row.turns_used)

    async def turn_state(self, session_id: uuid.UUID) -> TurnState | None:
        read = claimed_read(turn_lease_name(session_id))
        if isinstance(read, TurnState):
            return read
        session = self.sessions.get(session_id)
        if session is None:
            return None
        row = self.evals[session.eval_id]
        return TurnState(session.status, session.turn_count, row.status, row.turns_used)

    async def _fenced(self, session_id: uuid.UUID) -> Fence | None:
        fence = fence_for(turn_lease_name(session_id))
        if fence is not None:
            try:
                await self.leases.fence(fence)
            except OwnershipLost:
                raise Unavailable() from None
        return fence

    async def load(self, session_id: uuid.UUID) -> tuple[SessionRecord, EvalRecord]:
        if session_id not in self.sessions:
            raise NotFound(f"session {session_id} does not exist")
        session = self.sessions[session_id]
        return session, self.evals[session.eval_id]

    async def messages(self, session_id: uuid.UUID) -> list[MessageRecord]:
        return sorted(self.stored[session_id], key=lambda message: message.index)

    async def target_of(self, eval_id: uuid.UUID) -> TargetRecord:
        return self.targets[eval_id]

    async def prior_message(self, session_id: uuid.UUID, idempotency_key: str
                            ) -> MessageRecord | None:
        return next((m for m in self.stored[session_id]
                     if m.role == "USER" and m.idempotency_key == idempotency_key), None)

    async def message_at(self, session_id: uuid.UUID, index: int) -> MessageRecord:
        return next(m for m in self.stored[session_id] if m.index == index)

    def event(self, eval_id: uuid.UUID, type_: str, detail: dict[str, Any],
              session_id: uuid.UUID | None, at: datetime) -> EventRecord:
        row = self.evals[eval_id]
        row = self.change_eval(eval_id, event_sequence=row.event_sequence + 1)
        event = EventRecord(id=uuid.uuid4(), eval_id=row.id, sequence=row.event_sequence,
                            type=type_, status=row.status, session_id=session_id,
                            detail=detail, at=at)
        self.events.append(event)
        return event

    async def store_turn(self, session: SessionRecord, plan: dict[str, Any] | None, turn: int,
                         user: MessageRecord, reply: MessageRecord,
                         conversation_id: str | None, now: datetime,
                         enforce_budget: bool) -> StoredTurn:
        fence = await self._fenced(session.id)
        row, stored = self.evals[session.eval_id], self.sessions[session.id]
        if (row.status != eval_state.EXECUTING or stored.status != eval_state.SESSION_RUNNING
                or stored.turn_count != turn):
            raise Conflict("the session changed while the message was in flight; "
                           "nothing was stored")
        overruns = turn_overruns(plan, turn + 1, row.turns_used + 1, enforce_budget)
        self.change_eval(row.id, turns_used=row.turns_used + 1)
        self.change_session(session.id, turn_count=turn + 1, last_activity_at=now,
                            conversation_id=conversation_id)
        self.stored[session.id] += [user, reply]
        events = [self.event(row.id, "MESSAGE_EXCHANGED", {
            "sessionId": str(session.id), "turnIndex": turn, "latencyMs": reply.latency_ms,
            "error": reply.error}, session.id, now)]
        events += [self.event(row.id, "BUDGET_OVERRUN", overrun, session.id, now)
                   for overrun in overruns]
        if fence is not None:  # given up with the write, as the fast path does
            await self.leases.release(fence)
            released_with_write(fence.name)
        return StoredTurn(user, reply, tuple(events))

    async def change_status(self, session: SessionRecord, eval_row: EvalRecord, status: str,
                            event: str, now: datetime, agent_active: bool = False,
                            **values: Any) -> tuple[SessionRecord, Appended]:
        await self._fenced(session.id)  # a close, expiry or failure: fenced as a turn is
        stored = self.sessions[session.id]
        if stored.status != session.status:
            raise Conflict("the session changed concurrently; retry")
        changed = self.change_session(
            session.id, status=status,
            closed_at=now if status != eval_state.SESSION_EXPIRED else None, **values)
        events = [self.event(session.eval_id, event, {"sessionId": str(session.id)},
                             session.id, now)]
        row = self.evals[session.eval_id]
        return changed, Appended(tuple(events), row.turns_used, row.event_sequence,
                                 row.last_agent_activity_at)


def memory_engine(store: MemorySessions, channels: ChannelFactory,
                  settings: Settings | None = None, evals: EvalStore | None = None,
                  wakeups: WakeUps | None = None) -> IntelligentEngine:
    """An IntelligentEngine on `store` (and `evals`), whose sessions are owned under
    `store.leases`."""
    from tests.support.memory_evals import MemoryEvals  # it builds on these rows

    actors = ActorSystem()
    engine = IntelligentEngine(settings=settings or Settings(), events=create_event_bus(None),
                               actors=actors, owned=OwnedSystem(actors, store.leases),
                               channels=channels, wakeups=wakeups or WakeUps(),
                               sessions=store, evals=evals or MemoryEvals(store))
    engine.owned.declare(engine.eval_kind())
    engine.owned.declare(engine.session_kind(store.open_turn))
    return engine
