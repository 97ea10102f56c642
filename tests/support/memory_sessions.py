"""`MemorySessions`: the session store port (engine/intelligent/session_store.py) in
memory, and an IntelligentEngine on it, so the SessionActor's behaviour is tested
without a database.

A turn is stored as the database's fast path stores it: fenced against the
`MemoryLeases` the runtime claims from (Unavailable when lost), compare-and-set on
the eval's status and the session's status and turn count (Conflict), the budget
checked on the counters it produces, the lease given up with the write.

The port speaks frozen records (`domain.intelligent.eval_records`): messages are kept
as records; the eval and session rows (shared with `MemoryEvals`) and the events are
still the ORM's, mapped at this edge — which is why Tortoise is still initialised here.
"""

from __future__ import annotations

import uuid
from copy import copy
from dataclasses import fields
from datetime import UTC, datetime
from typing import Any

from tortoise import Tortoise

from actors import ActorSystem, MemoryLeases, OwnedSystem, OwnershipLost
from actors.delivery import claimed_read, fence_for, released_with_write
from actors.ownership import Fence
from agenteval.channels import ChannelFactory
from agenteval.config import Settings
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.eval_records import EvalRecord, MessageRecord, SessionRecord
from agenteval.domain.target_record import TargetRecord
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.intelligent.eval_store import EvalStore
from agenteval.engine.intelligent.sessions import turn_overruns
from agenteval.engine.intelligent.wakeups import WakeUps
from agenteval.errors import Conflict, NotFound, Unavailable
from agenteval.store.evals.eval_log import Appended
from agenteval.store.event_bus import create_event_bus
from agenteval.store.models import EvalEvent, EvalSession, IntelligentEval, Target
from agenteval.store.sessions.turns import StoredTurn, TurnState, turn_lease_name

# The eval, session and event rows without a database: relations set up, no connection.
Tortoise.init_models(["agenteval.store.models"], "models")


def _eval_record(row: IntelligentEval) -> EvalRecord:
    return EvalRecord(**{f.name: getattr(row, f.name) for f in fields(EvalRecord)})


def _session_record(row: EvalSession) -> SessionRecord:
    return SessionRecord(**{f.name: getattr(row, f.name) for f in fields(SessionRecord)})


class MemorySessions:
    def __init__(self, leases: MemoryLeases) -> None:
        self.leases = leases
        self.evals: dict[uuid.UUID, IntelligentEval] = {}
        self.sessions: dict[uuid.UUID, EvalSession] = {}
        self.stored: dict[uuid.UUID, list[MessageRecord]] = {}
        self.targets: dict[uuid.UUID, Target] = {}
        self.events: list[EvalEvent] = []

    def sharing(self, owner: str) -> MemorySessions:
        """Another process on the same rows and leases."""
        other = MemorySessions(self.leases.sharing(owner))
        other.evals, other.sessions, other.stored = self.evals, self.sessions, self.stored
        other.targets, other.events = self.targets, self.events
        return other

    def add_session(self, plan: dict[str, Any] | None = None, channel_type: str = "mock",
                    eval_status: str = eval_state.EXECUTING) -> EvalSession:
        target = Target(id=uuid.uuid4(), name="t", channel_type=channel_type,
                        channel_config={}, max_concurrency=8)
        row = IntelligentEval(id=uuid.uuid4(), name="e", target_id=target.id,
                              status=eval_status, goal="g", intent="i", role_description="r",
                              plan=plan)
        session = EvalSession(id=uuid.uuid4(), eval_id=row.id, goal="g",
                              status=eval_state.SESSION_RUNNING, created_at=datetime.now(UTC))
        self.evals[row.id], self.targets[row.id] = row, target
        self.sessions[session.id], self.stored[session.id] = session, []
        return copy(session)

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
        return _session_record(session), _eval_record(self.evals[session.eval_id])

    async def messages(self, session_id: uuid.UUID) -> list[MessageRecord]:
        return sorted(self.stored[session_id], key=lambda message: message.index)

    async def target_of(self, eval_id: uuid.UUID) -> TargetRecord:
        target = self.targets[eval_id]
        return TargetRecord(target.id, target.channel_type, target.channel_config,
                            target.max_concurrency)

    async def prior_message(self, session_id: uuid.UUID, idempotency_key: str
                            ) -> MessageRecord | None:
        return next((m for m in self.stored[session_id]
                     if m.role == "USER" and m.idempotency_key == idempotency_key), None)

    async def message_at(self, session_id: uuid.UUID, index: int) -> MessageRecord:
        return next(m for m in self.stored[session_id] if m.index == index)

    def event(self, row: IntelligentEval, type_: str, detail: dict[str, Any],
               session_id: uuid.UUID, at: datetime) -> EvalEvent:
        row.event_sequence += 1
        event = EvalEvent(id=uuid.uuid4(), eval_id=row.id, sequence=row.event_sequence,
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
        row.turns_used += 1
        stored.turn_count, stored.last_activity_at = turn + 1, now
        stored.conversation_id = conversation_id
        self.stored[session.id] += [user, reply]
        events = [self.event(row, "MESSAGE_EXCHANGED", {
            "sessionId": str(session.id), "turnIndex": turn, "latencyMs": reply.latency_ms,
            "error": reply.error}, session.id, now)]
        events += [self.event(row, "BUDGET_OVERRUN", overrun, session.id, now)
                   for overrun in overruns]
        if fence is not None:  # given up with the write, as the fast path does
            await self.leases.release(fence)
            released_with_write(fence.name)
        return StoredTurn(user, reply, events)  # type: ignore[arg-type]  # the rows' fields

    async def change_status(self, session: SessionRecord, eval_row: EvalRecord, status: str,
                            event: str, now: datetime, agent_active: bool = False,
                            **values: Any) -> tuple[SessionRecord, Appended]:
        await self._fenced(session.id)  # a close, expiry or failure: fenced as a turn is
        stored = self.sessions[session.id]
        if stored.status != session.status:
            raise Conflict("the session changed concurrently; retry")
        stored.status = status
        stored.closed_at = now if status != eval_state.SESSION_EXPIRED else None
        for name, value in values.items():
            setattr(stored, name, value)
        row = self.evals[session.eval_id]
        events = [self.event(row, event, {"sessionId": str(session.id)}, session.id, now)]
        return _session_record(stored), Appended(events, row.turns_used, row.event_sequence,
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
