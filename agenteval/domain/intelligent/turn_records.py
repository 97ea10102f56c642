"""A sendMessage turn as the session store port speaks it: frozen records, not rows.

A turn checks its session's and its eval's state first (`TurnState`, read with the
runtime's claim of the session) and stores its exchange after (`StoredTurn`). The
database adapter (store/sessions/) maps its rows and prebuilt statements' results
to these at the edge; the in-memory store makes them directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from agenteval.domain.intelligent.eval_events import EventRecord
from agenteval.domain.intelligent.eval_records import MessageRecord


@dataclass(frozen=True)
class TurnState:
    """What a turn must check first, read fresh from the store."""

    session_status: str
    turn_count: int
    eval_status: str
    turns_used: int


@dataclass(frozen=True)
class StoredTurn:
    """A stored turn: its two messages and the events appended with them (to publish)."""

    user: MessageRecord
    reply: MessageRecord
    events: tuple[EventRecord, ...]
