"""SQLite side of turn_writes: the claim and read, and the turn's transaction, each ONE
function run in aiosqlite's thread (batched with other turns' by sqlite_batches)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from actors.ownership import OwnershipLost
from agenteval.domain.intelligent.turn_records import TurnState
from agenteval.store.backends.sqlite_batches import batches_of
from agenteval.store.leases import CLAIM_SQL, RELEASE_SQL, in_dialect
from agenteval.store.models import EvalEvent
from agenteval.store.sessions.turn_rows import (
    EVENT_COLUMNS,
    MESSAGE_COLUMNS,
    READ_STATE,
    TurnWrite,
    db_values,
    new_event,
    quoted,
)

# store/leases.py's claim, and its release, which also fences the turn's write.
_SQLITE_CLAIM = in_dialect(CLAIM_SQL, "sqlite")
_SQLITE_FENCE_AND_RELEASE = in_dialect(RELEASE_SQL, "sqlite")
_SQLITE_ADVANCE = (
    "UPDATE intelligent_evals SET event_sequence = event_sequence + 1, "
    "turns_used = turns_used + 1, last_agent_activity_at = ? "
    "WHERE id = ? AND status = 'EXECUTING' AND (? IS NULL OR turns_used + 1 <= ?) "
    "RETURNING event_sequence")
_SQLITE_SESSION = (
    "UPDATE eval_sessions SET turn_count = ?, last_activity_at = ?, conversation_id = ? "
    "WHERE id = ? AND turn_count = ? AND status = 'RUNNING'")
_SQLITE_MESSAGE = (f"INSERT INTO eval_messages ({quoted(MESSAGE_COLUMNS)}) "
                   f"VALUES ({', '.join('?' for _ in MESSAGE_COLUMNS)})")
_SQLITE_EVENT = (f"INSERT INTO eval_events ({quoted(EVENT_COLUMNS)}) "
                 f"VALUES ({', '.join('?' for _ in EVENT_COLUMNS)})")
_SEQUENCE_AT = EVENT_COLUMNS.index("sequence")


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
    state = connection.execute(READ_STATE.format("?"), (session_id,)).fetchone()
    return (None if claimed is None else int(claimed[0]),
            None if state is None else tuple(state))


def _sqlite_transaction(connection: sqlite3.Connection, write: _SqliteWrite) -> int | None:
    """Runs in aiosqlite's thread: the turn's transaction, all of it or nothing."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if write.lease is not None and connection.execute(
                _SQLITE_FENCE_AND_RELEASE, write.lease).fetchone() is None:
            connection.execute("ROLLBACK")
            raise OwnershipLost(write.lease[0])
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
    except OwnershipLost:
        raise
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return int(counters[0])


async def store_sqlite(client: Any, exchange: TurnWrite) -> EvalEvent | None:
    event = new_event(exchange)
    lease = exchange.lease
    now = EvalEvent._meta.fields_map["at"].to_db_value(exchange.now, event)
    session_id, turn = str(exchange.session_id), exchange.turn
    write = _SqliteWrite(
        lease=None if lease is None else (lease.name, lease.owner, lease.epoch),
        advance=(now, str(exchange.eval_id), exchange.total_budget, exchange.total_budget),
        session=(turn + 1, now, exchange.conversation_id, session_id, turn),
        messages=[db_values(exchange.user, MESSAGE_COLUMNS),
                  db_values(exchange.reply, MESSAGE_COLUMNS)],
        event=db_values(event, EVENT_COLUMNS))
    counters = await batches_of(client).run(
        lambda connection: _sqlite_transaction(connection, write))
    if counters is None:
        return None
    event.sequence = counters
    return event



async def claim_and_read_sqlite(client: Any, name: str, owner: str, ttl_s: float,
                                session_id: str) -> tuple[int | None, TurnState | None]:
    claim = (name, owner, float(ttl_s))
    epoch, row = await batches_of(client).run(
        lambda connection: _sqlite_claim_and_read(connection, claim, session_id))
    return epoch, None if row is None else TurnState(*row)
