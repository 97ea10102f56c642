"""A session's persistence behind one port, `SessionStore`: on the database
`store/sessions/database_sessions.py` (`DatabaseSessions`), in memory
tests/support/memory_sessions.py.

The SessionActor reaches the database only through this port, which speaks frozen
records (`domain.intelligent.eval_records`, `eval_events`, `turn_records`), never rows.
Every write is fenced by the adapter with the ownership the runtime delivers the message
under; the actor never sees it.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Protocol

from agenteval.domain.intelligent.eval_events import Appended
from agenteval.domain.intelligent.eval_records import EvalRecord, MessageRecord, SessionRecord
from agenteval.domain.intelligent.turn_records import StoredTurn, TurnState
from agenteval.domain.target_record import TargetRecord


class SessionStore(Protocol):
    async def turn_state(self, session_id: uuid.UUID) -> TurnState | None:
        """The session's and its eval's status and turn counters as of this message's
        claim (None: no such session)."""

    async def load(self, session_id: uuid.UUID) -> tuple[SessionRecord, EvalRecord]:
        """The session and its eval (NotFound when there is no such session)."""

    async def messages(self, session_id: uuid.UUID) -> list[MessageRecord]:
        """Every stored message of the session, in order."""

    async def target_of(self, eval_id: uuid.UUID) -> TargetRecord:
        """The target the session's eval talks to."""

    async def prior_message(self, session_id: uuid.UUID, idempotency_key: str
                            ) -> MessageRecord | None:
        """The user message stored under `idempotency_key` (a retried sendMessage)."""

    async def message_at(self, session_id: uuid.UUID, index: int) -> MessageRecord:
        """The session's message at `index`."""

    async def store_turn(self, session: SessionRecord, plan: dict[str, Any] | None, turn: int,
                         user: MessageRecord, reply: MessageRecord, conversation_id: str | None,
                         now: datetime, enforce_budget: bool) -> StoredTurn:
        """Both messages of turn `turn` with their events, or nothing (Conflict,
        BudgetExceeded, Unavailable when this process no longer owns the session)."""

    async def change_status(self, session: SessionRecord, eval_row: EvalRecord, status: str,
                            event: str, now: datetime, agent_active: bool = False,
                            **values: Any) -> tuple[SessionRecord, Appended]:
        """Compare-and-set the session's status with its event, in one transaction; the
        session as stored after and its appended event (to publish) (Conflict if it moved on,
        Unavailable when this process no longer owns the session)."""
