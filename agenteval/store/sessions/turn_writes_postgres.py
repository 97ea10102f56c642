"""PostgreSQL side of turn_writes: the turn stored by ONE statement; the claim and read,
and the store and release, each on one pooled connection (every pooled statement
costs asyncpg's reset query on release: one acquire for two statements saves it)."""

from __future__ import annotations

import logging
import uuid
from typing import Any

from tortoise.exceptions import IntegrityError

from actors.ownership import OwnershipLost
from agenteval.domain.intelligent.turn_records import TurnState
from agenteval.store.leases import CLAIM_SQL, RELEASE_SQL, in_dialect
from agenteval.store.models import EvalEvent, EvalMessage
from agenteval.store.sessions.turn_rows import (
    EVENT_COLUMNS,
    EXCHANGED,
    EXECUTING,
    MESSAGE_COLUMNS,
    READ_STATE,
    TurnWrite,
    new_event,
    quoted,
)

logger = logging.getLogger("agenteval.leases")

# store/leases.py's claim and release, on the connection that reads or stores the turn.
_CLAIM = in_dialect(CLAIM_SQL, "postgres")
_RELEASE = in_dialect(RELEASE_SQL, "postgres")

# $1-$3 the lease (name, owner, epoch; NULLs: no lease), $4 now, $5 eval id, $6 the total
# budget (NULL: none), $7 the turn, $8 conversation id, $9 session id, $10-$21 the user
# message, $22-$33 the reply, $34 event id, $35 event detail.
_MESSAGE_TYPES = ("uuid", "uuid", "int", "int", "varchar", "text", "int", "text", "varchar",
                  "varchar", "timestamptz", "jsonb")


def _message_values(first: int) -> str:
    return "(" + ", ".join(f"${first + i}::{t}" for i, t in enumerate(_MESSAGE_TYPES)) + ")"


_POSTGRES_STORE = f"""
WITH fence AS (
  UPDATE leases SET epoch = epoch WHERE name = $1::varchar AND owner = $2::varchar
  AND epoch = $3::bigint RETURNING epoch),
counters AS (
  UPDATE intelligent_evals SET event_sequence = event_sequence + 1,
    turns_used = turns_used + 1, last_agent_activity_at = $4::timestamptz
  WHERE id = $5::uuid AND status = 'EXECUTING'
    AND ($6::int IS NULL OR turns_used + 1 <= $6::int)
    AND ($1::varchar IS NULL OR EXISTS (SELECT 1 FROM fence))
  RETURNING event_sequence),
session AS (
  UPDATE eval_sessions SET turn_count = $7::int + 1, last_activity_at = $4::timestamptz,
    conversation_id = $8::varchar
  WHERE id = $9::uuid AND turn_count = $7::int AND status = 'RUNNING'
    AND EXISTS (SELECT 1 FROM counters)
  RETURNING id),
messages AS (
  INSERT INTO eval_messages ({quoted(MESSAGE_COLUMNS)})
  SELECT * FROM (VALUES {_message_values(10)}, {_message_values(22)}) AS m
  WHERE EXISTS (SELECT 1 FROM session)),
event AS (
  INSERT INTO eval_events ({quoted(EVENT_COLUMNS)})
  SELECT $34::uuid, $5::uuid, event_sequence, '{EXCHANGED}', '{EXECUTING}', $9::uuid,
    $35::jsonb, $4::timestamptz FROM counters WHERE EXISTS (SELECT 1 FROM session))
-- The counters moved but the session did not: fail the statement, undoing everything
-- (a sequence number without its event would leave a gap).
SELECT (SELECT count(*) FROM fence) AS fenced, counters.event_sequence,
  CASE WHEN counters.event_sequence IS NULL THEN 0
    ELSE 1 / (SELECT count(*) FROM session)::int END AS stored
FROM (SELECT 1) AS one LEFT JOIN counters ON true
"""


async def store_postgres(client: Any, exchange: TurnWrite) -> tuple[EvalEvent | None, bool]:
    """The stored event (None: nothing stored) and whether the lease was released."""
    import asyncpg  # type: ignore[import-untyped]  # only here: SQLite needs no asyncpg

    event = new_event(exchange)
    lease = exchange.lease
    detail = EvalEvent._meta.fields_map["detail"].to_db_value(exchange.detail, event)
    params = [*((None, None, None) if lease is None else (lease.name, lease.owner, lease.epoch)),
              exchange.now, exchange.eval_id, exchange.total_budget, exchange.turn,
              exchange.conversation_id, exchange.session_id,
              *_message_row(exchange.user), *_message_row(exchange.reply), event.id, detail]
    async with client.acquire_connection() as connection:
        try:
            row = await connection.fetchrow(_POSTGRES_STORE, *params)
        except asyncpg.DivisionByZeroError:
            return None, False  # the session changed: nothing stored
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(exc) from exc
        if lease is not None and not row["fenced"]:
            raise OwnershipLost(lease.name)
        if row["event_sequence"] is None:
            return None, False
        event.sequence = row["event_sequence"]
        released = False
        if lease is not None:
            try:
                await connection.execute(_RELEASE, lease.name, lease.owner, lease.epoch)
                released = True
            except Exception:  # noqa: BLE001 - the turn is stored; the caller releases again
                logger.warning("could not release lease %s", lease.name, exc_info=True)
    return event, released


def _message_row(message: EvalMessage) -> list[Any]:
    # asyncpg takes the native values; JSON goes as the field's own text (like `detail`).
    sanitized = EvalMessage._meta.fields_map["sanitized"]
    return [sanitized.to_db_value(message.sanitized, message) if name == "sanitized"
            else getattr(message, name) for name in MESSAGE_COLUMNS]


async def claim_and_read_postgres(client: Any, name: str, owner: str, ttl_s: float,
                                  session_id: uuid.UUID) -> tuple[int | None, TurnState | None]:
    """Two statements, so the read's snapshot is taken after the claim (which may have
    waited for the previous holder's release)."""
    async with client.acquire_connection() as connection:
        claimed = await connection.fetchrow(_CLAIM, name, owner, float(ttl_s))
        if claimed is None:
            return None, None
        state = await connection.fetchrow(READ_STATE.format("$1"), session_id)
    return (int(claimed["epoch"]),
            None if state is None else TurnState(state["status"], state["turn_count"],
                                                 state["eval_status"], state["turns_used"]))
