"""`DatabaseSessions`: the session store port (engine/intelligent/session_store.py) on the
database.

The turn's claim and read (`open_turn`: the `session` kind's `open`, which the
runtime calls before each message, claiming for its own `LeaseStore.owner`) and its
store (`store_turn`: the prebuilt one-round-trip fast paths, or the general path) are
store/sessions/turns.py's. Every write of the session — a turn, a close, an expiry, a
failure — is fenced with the ownership the runtime delivers the message under.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from actors.delivery import claimed_read
from actors.ownership import Fence
from agenteval.domain.intelligent import eval_state
from agenteval.errors import Conflict, NotFound
from agenteval.store.evals.eval_log import NewEvent, append_events
from agenteval.store.models import EvalEvent, EvalMessage, EvalSession, IntelligentEval, Target
from agenteval.store.search import hooks as search_index
from agenteval.store.sessions import turns
from agenteval.store.sessions.turns import StoredTurn, TurnState


class DatabaseSessions:
    def __init__(self, owner: str) -> None:
        self.owner = owner  # this process, as its lease store names it

    async def open_turn(self, key: str, name: str, ttl_s: float
                        ) -> tuple[Fence | None, TurnState | None]:
        return await turns.open_turn(self.owner, key, name, ttl_s)

    async def turn_state(self, session_id: uuid.UUID) -> TurnState | None:
        read = claimed_read(turns.turn_lease_name(session_id))
        if isinstance(read, TurnState):  # read with the claim, in the same round trip
            return read
        return await turns.read_turn_state(session_id)

    async def load(self, session_id: uuid.UUID) -> tuple[EvalSession, IntelligentEval]:
        session = await EvalSession.get_or_none(id=session_id).select_related("eval")
        if session is None:
            raise NotFound(f"session {session_id} does not exist")
        return session, session.eval

    async def messages(self, session_id: uuid.UUID) -> list[EvalMessage]:
        return await EvalMessage.filter(session_id=session_id).order_by("index")

    async def target_of(self, eval_id: uuid.UUID) -> Target:
        return await Target.get(intelligent_evals__id=eval_id)

    async def prior_message(self, session_id: uuid.UUID, idempotency_key: str
                            ) -> EvalMessage | None:
        return await EvalMessage.get_or_none(session_id=session_id, role="USER",
                                             idempotency_key=idempotency_key)

    async def message_at(self, session_id: uuid.UUID, index: int) -> EvalMessage:
        return await EvalMessage.get(session_id=session_id, index=index)

    async def store_turn(self, session: EvalSession, plan: dict[str, Any] | None, turn: int,
                         user: EvalMessage, reply: EvalMessage, conversation_id: str | None,
                         now: datetime, enforce_budget: bool) -> StoredTurn:
        stored = await turns.store_turn(session, plan, turn, user, reply, conversation_id,
                                        now, enforce_budget)
        search_index.session_turn_written(session.eval_id, session.id, user, reply)
        return stored

    async def change_status(self, session: EvalSession, eval_row: IntelligentEval, status: str,
                            event: str, now: datetime, agent_active: bool = False,
                            **values: Any) -> tuple[EvalSession, list[EvalEvent]]:
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
        return await EvalSession.get(id=session.id), appended.events
