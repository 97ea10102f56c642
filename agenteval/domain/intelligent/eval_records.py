"""An intelligent eval, a session and its messages as the actors' store ports hand them
out: frozen records, not the database's rows.

The EvalActor keeps an `EvalRecord`, the SessionActor a `SessionRecord`, and both
exchange records with their stores (engine/intelligent/eval_store.py,
session_store.py): the database adapters map their rows at the edge
(store/evals/database_evals.py, store/sessions/database_sessions.py). A commit gives a new record (`dataclasses.replace`),
never a write into one a caller still reads: the actor's answers are these records.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class EvalRecord:
    """The eval's columns."""

    id: uuid.UUID
    name: str
    target_id: uuid.UUID
    status: str
    version: int
    goal: str
    intent: str
    role_description: str
    seeds: dict[str, Any] | None = None
    time_window_hours: int = 24
    plan: dict[str, Any] | None = None
    plan_feedback: str | None = None
    plan_revision: int = 0
    report: dict[str, Any] | None = None
    failure_reason: str | None = None
    event_sequence: int = 0
    turns_used: int = 0  # its sessions' turns, kept by the turns' transactions
    created_at: datetime | None = None
    updated_at: datetime | None = None
    planning_entered_at: datetime | None = None
    started_at: datetime | None = None
    completed_at: datetime | None = None
    last_agent_activity_at: datetime | None = None
    analyst_woken_at: datetime | None = None


@dataclass(frozen=True)
class SessionRecord:
    """A session's columns, as its eval created (or found) it."""

    id: uuid.UUID
    eval_id: uuid.UUID
    goal: str
    status: str
    persona: dict[str, Any]
    created_at: datetime
    dimension: str | None = None
    virtual_user_index: int | None = None
    time_slot_index: int | None = None
    verdict: dict[str, Any] | None = None
    turn_count: int = 0
    idempotency_key: str | None = None
    conversation_id: str | None = None
    last_activity_at: datetime | None = None
    closed_at: datetime | None = None


@dataclass(frozen=True)
class MessageRecord:
    """One message of a session: the user's at 2·turn, the reply at 2·turn + 1."""

    id: uuid.UUID
    session_id: uuid.UUID
    index: int
    turn_index: int
    role: str  # USER | ASSISTANT
    content: str
    created_at: datetime
    latency_ms: int | None = None
    error: str | None = None
    error_kind: str | None = None
    idempotency_key: str | None = None
    sanitized: list[str] | None = None  # what storable_text replaced in the reply


class DuplicateKey(Exception):
    """A unique key was taken concurrently (a session with the same idempotency key): what
    an eval store's commit raises, so its actor answers the session that won."""
