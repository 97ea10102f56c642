"""Run small SQLite functions in aiosqlite's thread, as many per hand-off as are waiting.

Every statement the ORM sends to SQLite is a hand-off to aiosqlite's worker
thread and back. The worker then needs the GIL, which a busy event loop gives
up only every `sys.getswitchinterval()` (5 ms): with 50 sessions sending at
once, each hand-off waited for it, so throughput was a few hand-offs per 10 ms
whatever the statements cost (~50 µs each). Here the hot turns' functions
queue up while one hand-off is in flight and the next hand-off runs all of
them: like a database's group commit, the busier it is, the more each
hand-off carries.

Each function runs on the raw `sqlite3.Connection` and manages its own
transaction (BEGIN … COMMIT or a single autocommit statement), so one
function's failure is its caller's alone. The batch holds the ORM's
connection lock, so no ORM statement interleaves with it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from typing import Any

from tortoise.exceptions import IntegrityError, OperationalError

SqliteWork = Callable[[sqlite3.Connection], Any]
_ATTRIBUTE = "_agenteval_sqlite_batches"


def _run_all(connection: sqlite3.Connection, works: list[SqliteWork]
             ) -> list[tuple[bool, Any]]:
    """In aiosqlite's thread: each function's result or exception, in order."""
    outcomes: list[tuple[bool, Any]] = []
    for work in works:
        try:
            outcomes.append((True, work(connection)))
        except Exception as exc:  # noqa: BLE001 - handed back to the function's caller
            outcomes.append((False, exc))
    return outcomes


def _translated(exc: BaseException) -> BaseException:
    """sqlite3's errors as the ORM raises them (callers catch the ORM's)."""
    if isinstance(exc, sqlite3.IntegrityError):
        return IntegrityError(exc)
    if isinstance(exc, sqlite3.OperationalError):
        return OperationalError(exc)
    return exc


class SqliteBatches:
    """The queue of one ORM SQLite client (one connection)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.waiting: list[tuple[SqliteWork, asyncio.Future[Any]]] = []
        self.draining: asyncio.Task[None] | None = None

    async def run(self, work: SqliteWork) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting.append((work, future))
        if self.draining is None or self.draining.done():
            self.draining = asyncio.create_task(self._drain(), name="sqlite batches")
        return await future

    async def _drain(self) -> None:
        batch: list[tuple[SqliteWork, asyncio.Future[Any]]] = []
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                async with self.client.acquire_connection() as connection:
                    # aiosqlite's own hand-off (Connection._execute): runs in its thread.
                    outcomes = await connection._execute(
                        _run_all, connection._conn, [work for work, _ in batch])
                for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if ok:
                        future.set_result(value)
                    else:
                        future.set_exception(_translated(value))
                batch = []
        except BaseException as exc:
            # The hand-off itself failed (closed connection, cancelled at shutdown): every
            # caller still waiting learns it, none hangs.
            for _, future in batch + self.waiting:
                if not future.done():
                    future.set_exception(exc if isinstance(exc, Exception)
                                         else ConnectionError("database closed"))
            self.waiting = []
            if not isinstance(exc, Exception):
                raise


def batches_of(client: Any) -> SqliteBatches:
    """The queue of this ORM client (made on first use, dropped with the client)."""
    batches: SqliteBatches | None = getattr(client, _ATTRIBUTE, None)
    if batches is None:
        batches = SqliteBatches(client)
        setattr(client, _ATTRIBUTE, batches)
    return batches
