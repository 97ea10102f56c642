"""An intelligent eval and a session as the eval's store port hands them out: frozen
records, not the database's rows.

The EvalActor keeps an `EvalRecord` and exchanges records with its store
(engine/intelligent/eval_store.py): the database adapter maps its rows at the edge
(store/evals/database_evals.py). A commit gives a new record (`dataclasses.replace`),
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
    dimension: str | None = None
    virtual_user_index: int | None = None
    time_slot_index: int | None = None
    verdict: dict[str, Any] | None = None
    turn_count: int = 0
    idempotency_key: str | None = None
    conversation_id: str | None = None
    created_at: datetime | None = None
    last_activity_at: datetime | None = None
    closed_at: datetime | None = None
