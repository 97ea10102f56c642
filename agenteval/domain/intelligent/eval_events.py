"""An eval's event log as the actors' store ports speak it: frozen records, not rows.

An actor's commit hands its store the events to append (`NewEvent`), and the writes
it makes inside the same transaction (`Inside`, which answers more events); the
store answers what it appended (`Appended`: the stored events as `EventRecord`s,
with the eval's log counters after them). The database adapters map their rows at
the edge (store/evals/eval_log.py); the in-memory stores make these records directly.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class NewEvent:
    """One event to append: its type, its detail and the session it concerns (if any)."""

    type: str
    detail: dict[str, Any] | None = None
    session_id: uuid.UUID | str | None = None


@dataclass(frozen=True)
class EventRecord:
    """A stored event: `sequence` is gap-free per eval."""

    id: uuid.UUID
    eval_id: uuid.UUID
    sequence: int
    type: str
    status: str  # the eval's status the event was recorded under
    session_id: uuid.UUID | None
    detail: dict[str, Any] | None
    at: datetime


@dataclass(frozen=True)
class Appended:
    """The stored events (sequences in order) and the eval's log counters after the append
    (what an owner keeping the eval's record takes over without reading it again)."""

    events: tuple[EventRecord, ...]
    turns_used: int
    event_sequence: int = 0
    last_agent_activity_at: datetime | None = None


# Writes made inside an eval's commit (its transaction), given the new status; they
# answer more events to append.
Inside = Callable[[str], Awaitable[list[NewEvent]]]
