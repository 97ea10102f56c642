"""Leases: one owner at a time for a piece of work, across processes, with a fencing epoch.

A lease is a row of `leases` named after its work ("run:<id>", "session:<id>",
"drive:<eval id>", "watchdog:cluster"). `claim` takes it when it is free or expired,
in ONE conditional upsert (`INSERT … ON CONFLICT DO UPDATE … WHERE expired`),
which PostgreSQL serialises on the row and SQLite on its single writer, so two
claimers never both win. Each claim adds one to `epoch`: the fencing token.
A writer passes its `Fence` to `fence` inside the transaction of its
write; `fence` updates the lease row only while the epoch and owner are still
the writer's, so a process that lost its lease (stopped past the expiry,
say) has its writes refused, and on PostgreSQL the row lock it takes orders
the write before or after a competing claim — never in between.

Expiry is measured on the database's clock (seconds since the Unix epoch),
so processes on different hosts agree on it.

`DatabaseLeases` is the actor runtime's `LeaseStore` (actors/ownership.py) on
these statements: the runtime claims, renews, releases and takes over; a
store adapter fences its writes with the `Fence` of the delivery
the write runs in (`actors.delivery.fence_for`), which the actor never sees. `lapsed(kind)` is where each kind's "owner gone" is spelled, in SQL
(`_LAPSED`), with the lease names built from `actors.lease_name`'s one shape.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise import connections

from actors.ownership import Fence, OwnershipLost
from agenteval.domain.intelligent import eval_state
from agenteval.domain.owned_kinds import ALIGNMENT, DRIVE, DRIVE_WAIT, RUN, SCHEDULES
from agenteval.domain.static import run_state
from agenteval.observability.metrics import lease_claimed, lease_taken_over

logger = logging.getLogger("agenteval.leases")

# This process, as lease owner: host, pid and a random part (a pid can be reused).
PROCESS_OWNER = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
# A fenced transaction idle longer than this (its process stopped mid-transaction) is
# ended by PostgreSQL, so the lease row it locked does not block a takeover forever.
FENCED_IDLE_LIMIT_MS = 5000
# The advisory lock key of start-up (migrations, first ADMIN key, demo seeding).
STARTUP_LOCK_KEY = 0x61676576  # "agev"


def _now_sql(dialect: str) -> str:
    if dialect == "postgres":
        return "extract(epoch from clock_timestamp())::double precision"
    return "((julianday('now') - 2440587.5) * 86400.0)"


def in_dialect(sql: str, dialect: str) -> str:
    """`sql` as `dialect` runs it: `{now}` becomes the database's clock in seconds since the
    Unix epoch; on SQLite the placeholders $1, $2 … become its numbered ?1, ?2 …"""
    sql = sql.replace("{now}", _now_sql(dialect))
    return sql.replace("$", "?") if dialect == "sqlite" else sql


async def query(sql: str, *params: Any) -> list[dict[str, Any]]:
    """Run `sql` (see `in_dialect`) on the current connection (a transaction's inside one)."""
    connection = connections.get("default")
    sql = in_dialect(sql, connection.capabilities.dialect)
    rows = await connection.execute_query_dict(sql, list(params))
    return [dict(row) for row in rows]


# The claim, returning the new epoch and the owner the lease had before ('' when released,
# NULL when new) and whether that owner's lease had expired — a takeover when it was
# another process's. On PostgreSQL the CTE reads the row as of the statement's start;
# SQLite evaluates a CTE lazily (after the upsert), so it reads the row first instead.
# The statements are public for the turn writers (store/turn_writes_*), which run them on
# their own connections in the same round trip as the turn.
CLAIM_SQL = ("INSERT INTO leases (name, owner, epoch, expires_at) VALUES ($1, $2, 1, {now} + $3) "
           "ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, "
           "epoch = leases.epoch + 1, expires_at = excluded.expires_at "
           "WHERE leases.expires_at < {now} RETURNING epoch")
_PREVIOUS = "SELECT owner FROM leases WHERE name = $1"


async def claim(name: str, ttl_s: float, owner: str = PROCESS_OWNER) -> Fence | None:
    """Take the lease if nobody holds it (or the holder let it expire); None otherwise.

    Counted in /metrics as claimed, and as taken over when the lease was another
    process's and had expired (that process died, stalled or shut down mid-work)."""
    if connections.get("default").capabilities.dialect == "postgres":
        rows = await query(f"WITH previous AS ({_PREVIOUS}) {CLAIM_SQL}, "
                           "(SELECT owner FROM previous) AS previous_owner",
                           name, owner, float(ttl_s))
        previous = rows[0]["previous_owner"] if rows else None
    else:
        before = await query(_PREVIOUS, name)
        rows = await query(CLAIM_SQL, name, owner, float(ttl_s))
        previous = before[0]["owner"] if before else None
    if not rows:
        return None
    kind = name.partition(":")[0]
    lease_claimed(kind)
    if previous and previous != owner:
        lease_taken_over(kind)
    return Fence(name, owner, int(rows[0]["epoch"]))


async def renew(held: Fence, ttl_s: float) -> bool:
    """Push the expiry on by `ttl_s`; False when the lease is no longer `held`'s."""
    rows = await query(
        "UPDATE leases SET expires_at = {now} + $1 WHERE name = $2 AND owner = $3 "
        "AND epoch = $4 RETURNING epoch", float(ttl_s), held.name, held.owner, held.epoch)
    return bool(rows)


RELEASE_SQL = ("UPDATE leases SET owner = '', expires_at = 0 WHERE name = $1 AND owner = $2 "
               "AND epoch = $3 RETURNING epoch")


async def release(held: Fence) -> None:
    """Give the lease up now (others may claim it at once); a lost lease is left alone."""
    await query(RELEASE_SQL, held.name, held.owner, held.epoch)


async def abandon(held: Fence) -> None:
    """Let the lease lapse now but keep its owner: the work was cut short (a shutdown), so
    others see it as abandoned — to take over — rather than finished."""
    await query("UPDATE leases SET expires_at = 0 WHERE name = $1 AND owner = $2 "
                "AND epoch = $3 RETURNING epoch", held.name, held.owner, held.epoch)


async def fence(held: Fence) -> None:
    """Inside a write's transaction: raise OwnershipLost unless `held` is still the lease.

    It locks the lease row (PostgreSQL) until the transaction ends, so a
    competing claim waits for this write to commit and then sees it. Should
    the writer's process stop mid-transaction, PostgreSQL ends the transaction
    after FENCED_IDLE_LIMIT_MS idle, releasing the lock (the write is lost, as
    it must be: the lease moves on).
    """
    connection = connections.get("default")
    if connection.capabilities.dialect == "postgres":
        await connection.execute_script(
            f"SET LOCAL idle_in_transaction_session_timeout = {FENCED_IDLE_LIMIT_MS}")
    rows = await query("UPDATE leases SET epoch = epoch WHERE name = $1 AND owner = $2 "
                        "AND epoch = $3 RETURNING epoch", held.name, held.owner, held.epoch)
    if not rows:
        raise OwnershipLost(held.name)


async def lock(name: str) -> None:
    """Inside the transaction of a writer that does not hold the lease (a cancel reaching
    another process than the owner): wait for the holder's fenced write in flight and keep
    its next one out until this transaction ends — `fence` takes the same row lock — so
    what this transaction reads cannot change before it writes.

    PostgreSQL only (SQLite serves one process, one writer at a time); a lease never
    claimed has no row, and nothing to wait for. As with `fence`, a transaction left
    idle (its process stopped) is ended after FENCED_IDLE_LIMIT_MS.
    """
    connection = connections.get("default")
    if connection.capabilities.dialect != "postgres":
        return
    await connection.execute_script(
        f"SET LOCAL idle_in_transaction_session_timeout = {FENCED_IDLE_LIMIT_MS}")
    await query("SELECT epoch FROM leases WHERE name = $1 FOR UPDATE", name)


async def current(name: str) -> tuple[str, int, bool] | None:
    """The lease's owner, epoch and whether it is live now (None: never claimed)."""
    rows = await query("SELECT owner, epoch, expires_at >= {now} AS live FROM leases "
                        "WHERE name = $1", name)
    if not rows:
        return None
    return str(rows[0]["owner"]), int(rows[0]["epoch"]), bool(rows[0]["live"])


class DatabaseLeases:
    """The `LeaseStore` of the running service: the `leases` table, this process as owner.

    `unclaimed_after_s`: how long after an eval's approval a schedule nobody ever
    claimed counts as lapsed (its approving process died first).
    """

    def __init__(self, owner: str = PROCESS_OWNER, unclaimed_after_s: float = 15.0) -> None:
        self.owner = owner
        self.unclaimed_after_s = unclaimed_after_s

    async def claim(self, name: str, ttl_s: float) -> Fence | None:
        return await claim(name, ttl_s, self.owner)

    async def renew(self, fence: Fence, ttl_s: float) -> bool:
        return await renew(fence, ttl_s)

    async def release(self, fence: Fence, *, finished: bool = True) -> None:
        await (release(fence) if finished else abandon(fence))

    async def fence(self, held: Fence) -> None:
        await fence(held)  # the module's function (a method is not in its own scope)

    async def lapsed(self, kind: str, limit: int | None = None) -> list[str]:
        find = _LAPSED.get(kind)
        if find is None:
            raise ValueError(f"no lapsed query for lease kind {kind!r}")
        keys = await find(self)
        return keys if limit is None else keys[:limit]


# `'<kind>:' || id`: a row's lease name in SQL, as `actors.lease_name` spells it.
def _name_of(column: str, kind: str) -> str:
    return f"'{kind}:' || CAST({column} AS TEXT)"


async def _lapsed_runs(_: DatabaseLeases) -> list[str]:
    """QUEUED or RUNNING runs whose lease is free or expired, oldest first: queued while
    every process was at its limit, or their owner died (expired) or stopped (released)."""
    rows = await query(
        f"SELECT r.id AS id FROM runs r LEFT JOIN leases l ON l.name = {_name_of('r.id', RUN)} "
        "WHERE r.status IN ($1, $2) AND (l.name IS NULL OR l.expires_at < {now}) "
        "ORDER BY r.created_at", run_state.QUEUED, run_state.RUNNING)
    return [str(row["id"]) for row in rows]


async def _lapsed_drives(_: DatabaseLeases) -> list[str]:
    """Evals waiting for a role that nobody drives: their driver died (the drive lease
    expired unreleased), no process ever took the wake-up (no drive lease at all: the
    process that moved the eval on died first, or does not drive), or a wake-up waiting
    for the drive lease died while waiting (its `drive-wait` lease expired unreleased)
    and nobody drives the eval now."""
    rows = await query(
        "SELECT e.id AS id FROM intelligent_evals e "
        f"LEFT JOIN leases l ON l.name = {_name_of('e.id', DRIVE)} "
        f"LEFT JOIN leases w ON w.name = {_name_of('e.id', DRIVE_WAIT)} "
        "WHERE e.status IN ($1, $2) "
        "AND (l.name IS NULL OR (l.owner <> '' AND l.expires_at < {now}) "
        "OR (l.expires_at < {now} AND w.owner <> '' AND w.expires_at < {now}))",
        eval_state.PLANNING, eval_state.EXECUTING)
    return [str(row["id"]) for row in rows]


async def _lapsed_schedules(store: DatabaseLeases) -> list[str]:
    """Executing evals whose session wake-ups nobody owns: the owner's lease expired
    without a release, or no process claimed it within `unclaimed_after_s` of the
    approval (the approving process died first)."""
    unclaimed_before = datetime.now(UTC) - timedelta(seconds=store.unclaimed_after_s)
    rows = await query(
        "SELECT e.id AS id, e.started_at AS started_at, l.owner AS owner, "
        "l.expires_at < {now} AS expired FROM intelligent_evals e "
        f"LEFT JOIN leases l ON l.name = {_name_of('e.id', SCHEDULES)} WHERE e.status = $1",
        eval_state.EXECUTING)
    lapsed = []
    for row in rows:
        if row["owner"] is None:
            started_at = row["started_at"]
            if isinstance(started_at, str):  # SQLite hands back the stored text
                started_at = datetime.fromisoformat(started_at)
            if started_at is not None and started_at < unclaimed_before:
                lapsed.append(str(row["id"]))
        elif row["owner"] and row["expired"]:
            lapsed.append(str(row["id"]))
    return lapsed


async def _lapsed_alignments(_: DatabaseLeases) -> list[str]:
    """RUNNING alignment attempts whose lease is not live: their process died or stopped
    (the lease expired, or was given up cut short) before it recorded the outcome. The
    row is written under a claimed lease, so one without a lease row is abandoned too."""
    rows = await query(
        "SELECT a.id AS id FROM judge_alignments a "
        f"LEFT JOIN leases l ON l.name = {_name_of('a.id', ALIGNMENT)} "
        "WHERE a.decision = $1 AND (l.name IS NULL OR l.expires_at < {now}) "
        "ORDER BY a.created_at", "RUNNING")
    return [str(row["id"]) for row in rows]


_LAPSED: dict[str, Callable[[DatabaseLeases], Awaitable[list[str]]]] = {
    RUN: _lapsed_runs, DRIVE: _lapsed_drives, SCHEDULES: _lapsed_schedules,
    ALIGNMENT: _lapsed_alignments}


@contextlib.asynccontextmanager
async def startup_lock(database_url: str) -> AsyncIterator[None]:
    """Hold the start-up lock of the database while the block runs (one process at a time).

    On PostgreSQL a transaction-scoped advisory lock (`pg_advisory_xact_lock`) on a
    connection of its own, so the block's work (migrations, the ORM's pool) runs
    beside it, and the lock ends with that transaction even behind a pooler. The
    table of leases may not exist yet (migrations run under this lock). SQLite
    serves one process: there is nothing to lock.
    """
    if not database_url.startswith(("postgres://", "postgresql://")):
        yield
        return
    import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type information

    connection = await asyncpg.connect("postgresql://" + database_url.split("://", 1)[1])
    try:
        async with connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock($1)", STARTUP_LOCK_KEY)
            yield
    finally:
        await connection.close()
