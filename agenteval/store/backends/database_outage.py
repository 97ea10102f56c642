"""What a database outage looks like from inside, and its one log line per outage.

`is_database_unreachable` tells an exception caused by the database being away
(connection refused or cut, server shutting down, database dropped, SQLite file
unreadable or locked) from a bug: the first is retryable (UNAVAILABLE), the second
is INTERNAL. `outage` notes the first unreachable error at WARNING and the rest at
DEBUG, and says at INFO when the database answers again, so an outage of a minute
under load is two lines, not a traceback per request.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterator

logger = logging.getLogger("agenteval.store")

DATABASE_UNREACHABLE = "the database is unreachable; try again shortly"
_SQLITE_AWAY = ("unable to open database", "disk i/o error", "database is locked")


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(seen) < 20:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _away(exc: BaseException) -> bool:
    import asyncpg.exceptions as pg  # type: ignore[import-untyped]

    if isinstance(exc, OSError) and _raised_by_a_driver(exc):
        return True  # refused or reset: a socket error, but only the driver's socket counts
    if isinstance(exc, pg.PostgresConnectionError | pg.AdminShutdownError
                  | pg.CrashShutdownError | pg.CannotConnectNowError
                  | pg.InvalidCatalogNameError | pg.TargetServerAttributeNotMatched):
        return True
    if isinstance(exc, pg.InterfaceError | pg.InternalClientError):
        # What asyncpg raises when a restart cut a connection under an operation: "the
        # connection is closed", "connection has been released back to the pool" (a
        # transaction's connection that the pool reset meanwhile), "cannot perform
        # operation: another operation is in progress" on a half-dead protocol. Retryable.
        return True
    if type(exc).__name__ == "DBConnectionError":  # tortoise's, whatever its backend
        return True
    return isinstance(exc, sqlite3.OperationalError) and \
        any(text in str(exc).lower() for text in _SQLITE_AWAY)


_DRIVERS = ("asyncpg", "tortoise", "aiosqlite", "sqlite3")


def _raised_by_a_driver(exc: BaseException) -> bool:
    """Whether the exception went through the database driver (not a target's socket)."""
    tb = exc.__traceback__
    while tb is not None:
        if str(tb.tb_frame.f_globals.get("__name__", "")).startswith(_DRIVERS):
            return True
        tb = tb.tb_next
    return False


def is_database_unreachable(exc: BaseException) -> bool:
    """Whether `exc` (or what caused it) says the database cannot be reached right now."""
    return any(_away(link) for link in _chain(exc))


class DatabaseOutage:
    """The current outage of this process's database, if any, with its log lines."""

    def __init__(self) -> None:
        self.since: float | None = None
        self.refused = 0
        self._probing = False

    @property
    def active(self) -> bool:
        return self.since is not None

    def noticed(self, exc: BaseException) -> None:
        """A request (or a background step) met the database away."""
        self.refused += 1
        if self.since is not None:
            logger.debug("the database is still unreachable: %s", _short(exc))
            return
        self.since = time.monotonic()
        logger.warning("the database is unreachable (%s); requests answer UNAVAILABLE until "
                       "it answers again", _short(exc))

    def answered(self) -> None:
        """The database answered: the outage, if there was one, is over."""
        if self.since is None:
            return
        logger.info("the database answers again after %.1f s (%d answers were UNAVAILABLE)",
                    time.monotonic() - self.since, self.refused)
        self.since, self.refused = None, 0

    def probe_soon(self, answers: Callable[[], Awaitable[bool]]) -> None:
        """During an outage, check in the background whether the database is back."""
        if self.since is None or self._probing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._probing = True

        async def probe() -> None:
            try:
                await answers()
            finally:
                self._probing = False

        task = loop.create_task(probe(), name="database-outage-probe")
        _probes.add(task)
        task.add_done_callback(_probes.discard)


_probes: set[asyncio.Task[None]] = set()
outage = DatabaseOutage()


class _PoolOutageFilter(logging.Filter):
    """asyncpg's pool logs a traceback each time it fails to reconnect ("Failed to restore
    the pool connection floor"): during an outage that is our one line, not one per try."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and is_database_unreachable(exc):
            outage.noticed(exc)
            return False
        return True


_pool_filter = _PoolOutageFilter()


_folding = False


def quiet_driver_outage_logs() -> None:
    """Route outage tracebacks through `outage` (idempotent).

    asyncpg's pool retries are dropped (the outage line says it); any other record
    whose exception is the database being away (a background loop's "could not …")
    keeps its line but loses the traceback, and marks the outage."""
    global _folding
    pool_logger = logging.getLogger("asyncpg.pool")
    if _pool_filter not in pool_logger.filters:
        pool_logger.addFilter(_pool_filter)
    if _folding:
        return
    _folding = True
    previous = logging.getLogRecordFactory()

    def folding_factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and record.name != "asyncpg.pool" and is_database_unreachable(exc):
            outage.noticed(exc)
            record.exc_info, record.exc_text = None, None
            record.msg = f"{record.msg} (the database is unreachable)"
            if record.levelno > logging.WARNING:  # an outage is not a bug of ours
                record.levelno, record.levelname = logging.WARNING, "WARNING"
        return record

    logging.setLogRecordFactory(folding_factory)


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text[:200]}" if text else type(exc).__name__
