"""`DatabaseSessions`: the session store port (engine/intelligent/session_store.py) on the
database.

The turn's claim and read (`open_turn`: the `session` kind's `open`, which the
runtime calls before each message, claiming for its own `LeaseStore.owner`) and its
store (`store_turn`: the prebuilt one-round-trip fast paths, or the general path) are
store/sessions/turns.py's. Every write of the session — a turn, a close, an expiry, a
failure — is fenced with the ownership the runtime delivers the message under. Rows
are mapped to the port's frozen records here, at the edge (a turn's two messages back
to rows for the turn's writes).
"""

from __future__ import annotations

import uuid
from dataclasses import fields
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from actors.delivery import claimed_read
from actors.ownership import Fence
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.eval_events import Appended, NewEvent
from agenteval.domain.intelligent.eval_records import EvalRecord, MessageRecord, SessionRecord
from agenteval.domain.intelligent.turn_records import StoredTurn, TurnState
from agenteval.domain.target_record import TargetRecord
from agenteval.errors import Conflict, NotFound
from agenteval.store.evals.database_evals import eval_record, session_record
from agenteval.store.evals.eval_log import append_events
from agenteval.store.models import EvalMessage, EvalSession, Target
from agenteval.store.search import index_writes as search_index
from agenteval.store.sessions import turns
from agenteval.store.sessions.turn_lease import turn_lease_name

_MESSAGE_FIELDS = tuple(field.name for field in fields(MessageRecord))


def message_record(row: EvalMessage) -> MessageRecord:
    columns: dict[str, Any] = {name: getattr(row, name) for name in _MESSAGE_FIELDS}
    return MessageRecord(**columns)


def message_row(record: MessageRecord) -> EvalMessage:
    """A record as an (unsaved) row: what the turn's writes insert, what the API reads."""
    return EvalMessage(**{name: getattr(record, name) for name in _MESSAGE_FIELDS})


class DatabaseSessions:
    def __init__(self, owner: str) -> None:
        self.owner = owner  # this process, as its lease store names it

    async def open_turn(self, key: str, name: str, ttl_s: float
                        ) -> tuple[Fence | None, TurnState | None]:
        return await turns.open_turn(self.owner, key, name, ttl_s)

    async def turn_state(self, session_id: uuid.UUID) -> TurnState | None:
        read = claimed_read(turn_lease_name(session_id))
        if isinstance(read, TurnState):  # read with the claim, in the same round trip
            return read
        return await turns.read_turn_state(session_id)

    async def load(self, session_id: uuid.UUID) -> tuple[SessionRecord, EvalRecord]:
        session = await EvalSession.get_or_none(id=session_id).select_related("eval")
        if session is None:
            raise NotFound(f"session {session_id} does not exist")
        return session_record(session), eval_record(session.eval)

    async def messages(self, session_id: uuid.UUID) -> list[MessageRecord]:
        return [message_record(row) for row in
                await EvalMessage.filter(session_id=session_id).order_by("index")]

    async def target_of(self, eval_id: uuid.UUID) -> TargetRecord:
        target = await Target.get(intelligent_evals__id=eval_id)
        return TargetRecord(id=target.id, channel_type=target.channel_type,
                            channel_config=target.channel_config,
                            max_concurrency=target.max_concurrency)

    async def prior_message(self, session_id: uuid.UUID, idempotency_key: str
                            ) -> MessageRecord | None:
        row = await EvalMessage.get_or_none(session_id=session_id, role="USER",
                                            idempotency_key=idempotency_key)
        return None if row is None else message_record(row)

    async def message_at(self, session_id: uuid.UUID, index: int) -> MessageRecord:
        return message_record(await EvalMessage.get(session_id=session_id, index=index))

    async def store_turn(self, session: SessionRecord, plan: dict[str, Any] | None, turn: int,
                         user: MessageRecord, reply: MessageRecord,
                         conversation_id: str | None, now: datetime,
                         enforce_budget: bool) -> StoredTurn:
        user_row, reply_row = message_row(user), message_row(reply)
        events = await turns.store_turn(session, plan, turn, user_row, reply_row,
                                        conversation_id, now, enforce_budget)
        search_index.session_turn_written(session.eval_id, session.id, user_row, reply_row)
        return StoredTurn(user, reply, events)

    async def change_status(self, session: SessionRecord, eval_row: EvalRecord, status: str,
                            event: str, now: datetime, agent_active: bool = False,
                            **values: Any) -> tuple[SessionRecord, Appended]:
        async with in_transaction():
            await turns.fenced_session(session.id)  # a close, expiry or failure too
            changed = await EvalSession.filter(id=session.id, status=session.status).update(
                status=status,
                closed_at=now if status != eval_state.SESSION_EXPIRED else None, **values)
            if not changed:
                raise Conflict("the session changed concurrently; retry")
            appended = await append_events(
                eval_row.id, eval_row.status,
                [NewEvent(event, {"sessionId": str(session.id)}, session.id)],
                agent_active_at=now if agent_active else None)
        assert appended is not None  # no status condition: the eval row is always updated
        return session_record(await EvalSession.get(id=session.id)), appended
