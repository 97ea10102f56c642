"""A session's persistence behind one port: `SessionStore`, and `DatabaseSessions` on the
database (the in-memory one is tests/support/memory_sessions.py).

The SessionActor reaches the database only through this port. The turn's claim and
read (`open_turn`, the `session` kind's claim) and its store (`store_turn`: the
prebuilt one-round-trip fast paths, or the general path) stay as they are, behind
it; every write takes the turn's `Fence`.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Protocol

from tortoise.transactions import in_transaction

from actors import Fence
from agenteval.domain.intelligent import eval_state
from agenteval.engine.intelligent import turn_store
from agenteval.engine.intelligent.turn_store import StoredTurn, TurnState
from agenteval.errors import Conflict, NotFound
from agenteval.store.evals.eval_log import NewEvent, append_events
from agenteval.store.models import EvalEvent, EvalMessage, EvalSession, IntelligentEval, Target


class SessionStore(Protocol):
    async def open_turn(self, key: str, name: str, ttl_s: float
                        ) -> tuple[Fence | None, TurnState | None]:
        """Claim the session's turn lease and read the turn's state after the claim."""

    async def load(self, session_id: uuid.UUID) -> tuple[EvalSession, IntelligentEval]:
        """The session and its eval (NotFound when there is no such session)."""

    async def messages(self, session_id: uuid.UUID) -> list[EvalMessage]:
        """Every stored message of the session, in order."""

    async def target_of(self, eval_id: uuid.UUID) -> Target:
        """The target the session's eval talks to."""

    async def prior_message(self, session_id: uuid.UUID, idempotency_key: str
                            ) -> EvalMessage | None:
        """The user message stored under `idempotency_key` (a retried sendMessage)."""

    async def message_at(self, session_id: uuid.UUID, index: int) -> EvalMessage:
        """The session's message at `index`."""

    async def store_turn(self, session: EvalSession, plan: dict[str, Any] | None, turn: int,
                         user: EvalMessage, reply: EvalMessage, conversation_id: str | None,
                         now: datetime, enforce_budget: bool, fence: Fence | None
                         ) -> StoredTurn:
        """Both messages of turn `turn` with their events, or nothing (Conflict,
        BudgetExceeded, Unavailable when `fence` no longer holds)."""

    async def change_status(self, session: EvalSession, eval_row: IntelligentEval, status: str,
                            event: str, now: datetime, agent_active: bool = False,
                            **values: Any) -> tuple[EvalSession, list[EvalEvent]]:
        """Compare-and-set the session's status with its event, in one transaction; the
        session as stored after and the events to publish (Conflict if it moved on)."""


class DatabaseSessions:
    async def open_turn(self, key: str, name: str, ttl_s: float
                        ) -> tuple[Fence | None, TurnState | None]:
        return await turn_store.open_turn(key, name, ttl_s)

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
                         now: datetime, enforce_budget: bool, fence: Fence | None
                         ) -> StoredTurn:
        return await turn_store.store_turn(session, plan, turn, user, reply, conversation_id,
                                           now, enforce_budget, fence)

    async def change_status(self, session: EvalSession, eval_row: IntelligentEval, status: str,
                            event: str, now: datetime, agent_active: bool = False,
                            **values: Any) -> tuple[EvalSession, list[EvalEvent]]:
        async with in_transaction():
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
