"""What one sendMessage turn reads and writes, and the rows it writes (see turn_writes;
what it reads is answered as the domain's `TurnState`)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from actors.ownership import Fence
from agenteval.store.models import EvalEvent, EvalMessage

EXCHANGED = "MESSAGE_EXCHANGED"
EXECUTING = "EXECUTING"  # domain.eval_state.EXECUTING (the store does not import the domain)

MESSAGE_COLUMNS = ("id", "session_id", "index", "turn_index", "role", "content", "latency_ms",
                   "error", "error_kind", "idempotency_key", "created_at", "sanitized")
EVENT_COLUMNS = ("id", "eval_id", "sequence", "type", "status", "session_id", "detail", "at")


def quoted(columns: tuple[str, ...]) -> str:
    return ", ".join(f'"{column}"' for column in columns)


READ_STATE = ("SELECT s.status, s.turn_count, e.status AS eval_status, e.turns_used "
              "FROM eval_sessions s JOIN intelligent_evals e ON e.id = s.eval_id "
              "WHERE s.id = {0}")


@dataclass(frozen=True)
class TurnWrite:
    """One turn's writes: the session at `turn` moves to `turn + 1` with both messages."""

    eval_id: uuid.UUID
    session_id: uuid.UUID
    turn: int
    user: EvalMessage
    reply: EvalMessage
    detail: dict[str, Any]
    conversation_id: str | None
    now: datetime
    total_budget: int | None  # the plan's totalMaxTurns: beyond it, the general path
    lease: Fence | None  # the turn's ownership of the session (its delivery's fence)


@dataclass(frozen=True)
class WrittenTurn:
    """The turn's MESSAGE_EXCHANGED event, and whether its transaction (or its connection
    right after) also gave the lease up."""

    event: EvalEvent
    released: bool = False


def new_event(exchange: TurnWrite) -> EvalEvent:
    return EvalEvent(id=uuid.uuid4(), eval_id=exchange.eval_id, sequence=0, type=EXCHANGED,
                     status=EXECUTING, session_id=exchange.session_id,
                     detail=exchange.detail, at=exchange.now)


def db_values(row: Any, columns: tuple[str, ...]) -> list[Any]:
    """The row's values as the ORM would write them (its own per-field conversions)."""
    fields_map = row._meta.fields_map
    return [fields_map[name].to_db_value(getattr(row, name), row) for name in columns]
