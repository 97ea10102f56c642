"""Leases: one owner at a time for a piece of work, across processes, with a fencing epoch.

A lease is a row of `leases` named after its work ("run:<id>", "session:<id>",
"drive:<eval id>", "watchdog"). `claim` takes it when it is free or expired,
in ONE conditional upsert (`INSERT … ON CONFLICT DO UPDATE … WHERE expired`),
which PostgreSQL serialises on the row and SQLite on its single writer, so two
claimers never both win. Each claim adds one to `epoch`: the fencing token.
A writer passes its `Held` lease to `fence` inside the transaction of its
write; `fence` updates the lease row only while the epoch and owner are still
the writer's, so a process that lost its lease (stopped past the expiry,
say) has its writes refused, and on PostgreSQL the row lock it takes orders
the write before or after a competing claim — never in between.

Expiry is measured on the database's clock (seconds since the Unix epoch),
so processes on different hosts agree on it. `KeptLease` renews a claimed
lease every third of its time to live until it is released.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from tortoise import connections

from agenteval.observability.metrics import lease_claimed, lease_taken_over

logger = logging.getLogger("agenteval.leases")

# This process, as lease owner: host, pid and a random part (a pid can be reused).
PROCESS_OWNER = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
# A fenced transaction idle longer than this (its process stopped mid-transaction) is
# ended by PostgreSQL, so the lease row it locked does not block a takeover forever.
FENCED_IDLE_LIMIT_MS = 5000
# The advisory lock key of start-up (migrations, first ADMIN key, demo seeding).
STARTUP_LOCK_KEY = 0x61676576  # "agev"


class LeaseLost(Exception):
    """The lease has another owner or a newer epoch: this writer must stop writing."""


@dataclass(frozen=True)
class Held:
    """A lease as its owner claimed it: the name, the owner and the fencing epoch."""

    name: str
    owner: str
    epoch: int


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


async def claim(name: str, ttl_s: float, owner: str = PROCESS_OWNER) -> Held | None:
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
    return Held(name, owner, int(rows[0]["epoch"]))


async def renew(held: Held, ttl_s: float) -> bool:
    """Push the expiry on by `ttl_s`; False when the lease is no longer `held`'s."""
    rows = await query(
        "UPDATE leases SET expires_at = {now} + $1 WHERE name = $2 AND owner = $3 "
        "AND epoch = $4 RETURNING epoch", float(ttl_s), held.name, held.owner, held.epoch)
    return bool(rows)


RELEASE_SQL = ("UPDATE leases SET owner = '', expires_at = 0 WHERE name = $1 AND owner = $2 "
               "AND epoch = $3 RETURNING epoch")


async def release(held: Held) -> None:
    """Give the lease up now (others may claim it at once); a lost lease is left alone."""
    await query(RELEASE_SQL, held.name, held.owner, held.epoch)


async def abandon(held: Held) -> None:
    """Let the lease lapse now but keep its owner: the work was cut short (a shutdown), so
    others see it as abandoned — to take over — rather than finished."""
    await query("UPDATE leases SET expires_at = 0 WHERE name = $1 AND owner = $2 "
                "AND epoch = $3 RETURNING epoch", held.name, held.owner, held.epoch)


async def fence(held: Held) -> None:
    """Inside a write's transaction: raise LeaseLost unless `held` is still the lease.

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
        raise LeaseLost(held.name)


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


class KeptLease:
    """A claimed lease renewed in the background every third of `ttl_s` until released.

    When a renewal finds the lease gone (another process claimed it after this
    one stopped past the expiry), `lost` is set and `on_lost` is called; writes
    fenced with it fail anyway. A renewal that fails on a database error is
    retried at the next tick (the lease may still be live).
    """

    def __init__(self, held: Held, ttl_s: float,
                 on_lost: Callable[[], None] | None = None) -> None:
        self.held = held
        self.ttl_s = ttl_s
        self.lost = False
        self._on_lost = on_lost
        self._task = asyncio.get_running_loop().create_task(
            self._renew_forever(), name=f"lease {held.name}")

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ttl_s / 3)
            try:
                renewed = await renew(self.held, self.ttl_s)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a database hiccup: try again at the next tick
                logger.warning("could not renew lease %s; retrying", self.held.name,
                               exc_info=True)
                continue
            if not renewed:
                self.lost = True
                logger.warning("lease %s (epoch %d) was taken over", self.held.name,
                               self.held.epoch)
                if self._on_lost is not None:
                    self._on_lost()
                return

    async def confirm(self) -> bool:
        """Renew now, before an act no fence can guard (a request to another system):
        whether the lease is still this one's (False also sets `lost`)."""
        if not self.lost and not await renew(self.held, self.ttl_s):
            self.lost = True
            logger.warning("lease %s (epoch %d) was taken over", self.held.name,
                           self.held.epoch)
        return not self.lost

    async def stop_renewing(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def release(self) -> None:
        """Stop renewing and give the lease up (errors logged: it then just expires)."""
        await self.stop_renewing()
        if self.lost:
            return
        try:
            await release(self.held)
        except Exception:  # noqa: BLE001 - the lease expires by itself
            logger.warning("could not release lease %s", self.held.name, exc_info=True)

    async def abandon(self) -> None:
        """Stop renewing and let the lease lapse at once as abandoned (see `abandon`)."""
        await self.stop_renewing()
        if self.lost:
            return
        try:
            await abandon(self.held)
        except Exception:  # noqa: BLE001 - the lease expires by itself
            logger.warning("could not hand over lease %s", self.held.name, exc_info=True)


async def claim_kept(name: str, ttl_s: float, on_lost: Callable[[], None] | None = None
                     ) -> KeptLease | None:
    """`claim` and keep renewing; None when someone else holds the lease."""
    held = await claim(name, ttl_s)
    return None if held is None else KeptLease(held, ttl_s, on_lost)


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
