"""The hot statements of a sendMessage turn, prebuilt: one round trip to read, one to store.

A turn reads its session's and eval's state before calling the target and
stores its exchange after (see engine/intelligent/turn_store.py). Built by the
ORM, that was ~10 statements, each assembled by pypika on every call and, on
SQLite, each a hand-off to aiosqlite's worker thread (two thread switches: on
a busy machine most of a turn's cost). Here the same writes are fixed SQL:

- SQLite: the whole transaction (fence and release the turn lease, advance
  the eval's log counters, compare-and-set the session, insert both messages
  and the event) runs as ONE function in aiosqlite's thread, under the ORM's
  connection lock, so no other statement interleaves.
- PostgreSQL: ONE statement of data-modifying CTEs (its own transaction), so
  the eval's row lock — which every turn of the eval queues on, for its event
  sequence — is held for one statement's execution, not over 6 round trips.
  The lease is fenced first (its row lock orders the write against a competing
  claim), then the eval row, then the session: the order of the general path.

`store_exchange` stores only the common case and says so: when the lease is
lost it raises LeaseLost; when the eval is not EXECUTING, the turn would pass
the plan's total budget, or the session changed, it stores NOTHING and returns
None, and the caller takes the general path (eval_log.append_events in an ORM
transaction), which tells a conflict from a budget overrun exactly as before.
The event's sequence comes from the same `UPDATE … RETURNING` of the eval's
counters as in `eval_log` (see its docstring: one writer of those columns), so
the per-eval sequence stays gap-free: nothing commits unless everything does.

The lease statements repeat store/leases.py's fence and release (same columns,
same conditions), because they must run inside this transaction.
"""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tortoise import connections
from tortoise.backends.base.client import BaseDBAsyncClient, TransactionalDBClient
from tortoise.exceptions import IntegrityError

from agenteval.store.leases import Held, LeaseLost, _now_sql
from agenteval.store.models import EvalEvent, EvalMessage
from agenteval.store.outbox import EVAL_NOTIFICATIONS
from agenteval.store.sqlite_batches import batches_of

EXCHANGED = "MESSAGE_EXCHANGED"
EXECUTING = "EXECUTING"  # domain.eval_state.EXECUTING (the store does not import the domain)
RUNNING = "RUNNING"  # domain.eval_state.SESSION_RUNNING

_MESSAGE_COLUMNS = ("id", "session_id", "index", "turn_index", "role", "content", "latency_ms",
                    "error", "error_kind", "idempotency_key", "created_at")
_EVENT_COLUMNS = ("id", "eval_id", "sequence", "type", "status", "session_id", "detail", "at")

def _quoted(columns: tuple[str, ...]) -> str:
    return ", ".join(f'"{column}"' for column in columns)


_READ_STATE = ("SELECT s.status, s.turn_count, e.status AS eval_status, e.turns_used "
               "FROM eval_sessions s JOIN intelligent_evals e ON e.id = s.eval_id "
               "WHERE s.id = {0}")


@dataclass(frozen=True)
class TurnState:
    """What a turn must check first, read fresh from the database."""

    session_status: str
    turn_count: int
    eval_status: str
    turns_used: int


@dataclass(frozen=True)
class Exchange:
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
    lease: Held | None


@dataclass(frozen=True)
class StoredExchange:
    """The turn's MESSAGE_EXCHANGED event; whether its transaction also released the lease."""

    event: EvalEvent
    lease_released: bool


def _client() -> BaseDBAsyncClient | None:
    """The default connection, or None inside an ORM transaction (which these bypass)."""
    client = connections.get("default")
    return None if isinstance(client, TransactionalDBClient) else client


async def read_turn_state(session_id: uuid.UUID) -> TurnState | None:
    """The session's and its eval's status and turn counters (None: no such session)."""
    client = connections.get("default")
    postgres = client.capabilities.dialect == "postgres"
    sql = _READ_STATE.format("$1" if postgres else "?")
    rows = await client.execute_query_dict(sql, [session_id if postgres else str(session_id)])
    if not rows:
        return None
    row = rows[0]
    return TurnState(row["status"], row["turn_count"], row["eval_status"], row["turns_used"])


async def claim_and_read(name: str, owner: str, ttl_s: float, session_id: uuid.UUID
                         ) -> tuple[int | None, TurnState | None] | None:
    """SQLite: claim the lease (its epoch, None if held elsewhere) and read the turn's
    state after the claim, in one hand-off. None on other databases: there a read in
    the claim's statement would see the snapshot from before the claim waited."""
    client = _client()
    if client is None or client.capabilities.dialect != "sqlite":
        return None
    claim = (name, owner, float(ttl_s))
    epoch, row = await batches_of(client).run(
        lambda connection: _sqlite_claim_and_read(connection, claim, str(session_id)))
    return epoch, None if row is None else TurnState(*row)


async def store_exchange(exchange: Exchange) -> StoredExchange | None:
    """Store the turn in one round trip, or nothing (None: take the general path).
    Raises LeaseLost when the lease has moved on."""
    client = _client()
    if client is None or EXCHANGED in EVAL_NOTIFICATIONS:  # webhooks: the general path
        return None
    dialect = client.capabilities.dialect
    if dialect == "sqlite":
        # The release rides in the transaction: one hand-off less per turn.
        event = await _store_sqlite(client, exchange)
        released = exchange.lease is not None
    elif dialect == "postgres":
        # Not in the statement: one statement cannot update the lease row twice.
        event, released = await _store_postgres(client, exchange), False
    else:
        return None
    return None if event is None else StoredExchange(event, released)


def _event(exchange: Exchange) -> EvalEvent:
    return EvalEvent(id=uuid.uuid4(), eval_id=exchange.eval_id, sequence=0, type=EXCHANGED,
                     status=EXECUTING, session_id=exchange.session_id,
                     detail=exchange.detail, at=exchange.now)


def _db_values(row: Any, columns: tuple[str, ...]) -> list[Any]:
    """The row's values as the ORM would write them (its own per-field conversions)."""
    fields_map = row._meta.fields_map
    return [fields_map[name].to_db_value(getattr(row, name), row) for name in columns]


# ------------------------------------------------------------------ SQLite
# store/leases.py's claim: take the lease if it is free or expired, one more epoch.
_SQLITE_CLAIM = (
    "INSERT INTO leases (name, owner, epoch, expires_at) VALUES (?1, ?2, 1, {now} + ?3) "
    "ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, epoch = leases.epoch + 1, "
    "expires_at = excluded.expires_at WHERE leases.expires_at < {now} RETURNING epoch"
).replace("{now}", _now_sql("sqlite"))
_SQLITE_FENCE_AND_RELEASE = (
    "UPDATE leases SET owner = '', expires_at = 0 WHERE name = ? AND owner = ? AND epoch = ? "
    "RETURNING epoch")
_SQLITE_ADVANCE = (
    "UPDATE intelligent_evals SET event_sequence = event_sequence + 1, "
    "turns_used = turns_used + 1, last_agent_activity_at = ? "
    "WHERE id = ? AND status = 'EXECUTING' AND (? IS NULL OR turns_used + 1 <= ?) "
    "RETURNING event_sequence")
_SQLITE_SESSION = (
    "UPDATE eval_sessions SET turn_count = ?, last_activity_at = ?, conversation_id = ? "
    "WHERE id = ? AND turn_count = ? AND status = 'RUNNING'")
_SQLITE_MESSAGE = (f"INSERT INTO eval_messages ({_quoted(_MESSAGE_COLUMNS)}) "
                   f"VALUES ({', '.join('?' for _ in _MESSAGE_COLUMNS)})")
_SQLITE_EVENT = (f"INSERT INTO eval_events ({_quoted(_EVENT_COLUMNS)}) "
                 f"VALUES ({', '.join('?' for _ in _EVENT_COLUMNS)})")
_SEQUENCE_AT = _EVENT_COLUMNS.index("sequence")


@dataclass(frozen=True)
class _SqliteWrite:
    lease: tuple[str, str, int] | None
    advance: tuple[Any, ...]
    session: tuple[Any, ...]
    messages: list[list[Any]]
    event: list[Any]


def _sqlite_claim_and_read(connection: sqlite3.Connection, claim: tuple[str, str, float],
                           session_id: str) -> tuple[int | None, tuple[Any, ...] | None]:
    """Runs in aiosqlite's thread: two autocommit statements, the claim first."""
    claimed = connection.execute(_SQLITE_CLAIM, claim).fetchone()
    state = connection.execute(_READ_STATE.format("?"), (session_id,)).fetchone()
    return (None if claimed is None else int(claimed[0]),
            None if state is None else tuple(state))


def _sqlite_transaction(connection: sqlite3.Connection, write: _SqliteWrite) -> int | None:
    """Runs in aiosqlite's thread: the turn's transaction, all of it or nothing."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if write.lease is not None and connection.execute(
                _SQLITE_FENCE_AND_RELEASE, write.lease).fetchone() is None:
            connection.execute("ROLLBACK")
            raise LeaseLost(write.lease[0])
        counters = connection.execute(_SQLITE_ADVANCE, write.advance).fetchone()
        if counters is None or connection.execute(_SQLITE_SESSION,
                                                  write.session).rowcount != 1:
            connection.execute("ROLLBACK")
            return None
        connection.executemany(_SQLITE_MESSAGE, write.messages)
        event = list(write.event)
        event[_SEQUENCE_AT] = counters[0]
        connection.execute(_SQLITE_EVENT, event)
        connection.execute("COMMIT")
    except LeaseLost:
        raise
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return int(counters[0])


async def _store_sqlite(client: Any, exchange: Exchange) -> EvalEvent | None:
    event = _event(exchange)
    lease = exchange.lease
    now = EvalEvent._meta.fields_map["at"].to_db_value(exchange.now, event)
    session_id, turn = str(exchange.session_id), exchange.turn
    write = _SqliteWrite(
        lease=None if lease is None else (lease.name, lease.owner, lease.epoch),
        advance=(now, str(exchange.eval_id), exchange.total_budget, exchange.total_budget),
        session=(turn + 1, now, exchange.conversation_id, session_id, turn),
        messages=[_db_values(exchange.user, _MESSAGE_COLUMNS),
                  _db_values(exchange.reply, _MESSAGE_COLUMNS)],
        event=_db_values(event, _EVENT_COLUMNS))
    counters = await batches_of(client).run(
        lambda connection: _sqlite_transaction(connection, write))
    if counters is None:
        return None
    event.sequence = counters
    return event


# ------------------------------------------------------------------ PostgreSQL
# $1-$3 the lease (name, owner, epoch; NULLs: no lease), $4 now, $5 eval id, $6 the total
# budget (NULL: none), $7 the turn, $8 conversation id, $9 session id, $10-$20 the user
# message, $21-$31 the reply, $32 event id, $33 event detail.
_MESSAGE_TYPES = ("uuid", "uuid", "int", "int", "varchar", "text", "int", "text", "varchar",
                  "varchar", "timestamptz")


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
  INSERT INTO eval_messages ({_quoted(_MESSAGE_COLUMNS)})
  SELECT * FROM (VALUES {_message_values(10)}, {_message_values(21)}) AS m
  WHERE EXISTS (SELECT 1 FROM session)),
event AS (
  INSERT INTO eval_events ({_quoted(_EVENT_COLUMNS)})
  SELECT $32::uuid, $5::uuid, event_sequence, '{EXCHANGED}', '{EXECUTING}', $9::uuid,
    $33::jsonb, $4::timestamptz FROM counters WHERE EXISTS (SELECT 1 FROM session))
-- The counters moved but the session did not: fail the statement, undoing everything
-- (a sequence number without its event would leave a gap).
SELECT (SELECT count(*) FROM fence) AS fenced, counters.event_sequence,
  CASE WHEN counters.event_sequence IS NULL THEN 0
    ELSE 1 / (SELECT count(*) FROM session)::int END AS stored
FROM (SELECT 1) AS one LEFT JOIN counters ON true
"""


async def _store_postgres(client: Any, exchange: Exchange) -> EvalEvent | None:
    import asyncpg  # type: ignore[import-untyped]  # only here: SQLite needs no asyncpg

    event = _event(exchange)
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
            return None  # the session changed: nothing stored
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise IntegrityError(exc) from exc
    if lease is not None and not row["fenced"]:
        raise LeaseLost(lease.name)
    if row["event_sequence"] is None:
        return None
    event.sequence = row["event_sequence"]
    return event


def _message_row(message: EvalMessage) -> list[Any]:
    return [getattr(message, name) for name in _MESSAGE_COLUMNS]
