"""Which errors mean "the database is away" (UNAVAILABLE) and which are bugs (INTERNAL)."""

from __future__ import annotations

import logging
import sqlite3

import asyncpg.exceptions as pg
import pytest

from agenteval.store.backends.database_outage import DatabaseOutage, is_database_unreachable


def raised_from(cause: BaseException) -> BaseException:
    try:
        try:
            raise cause
        except BaseException as inner:
            raise RuntimeError("wrapped") from inner
    except RuntimeError as outer:
        return outer


@pytest.mark.parametrize("error", [
    pg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    pg.CannotConnectNowError("the database system is starting up"),
    pg.AdminShutdownError("terminating connection due to administrator command"),
    pg.InvalidCatalogNameError('database "x" does not exist'),
    sqlite3.OperationalError("unable to open database file"),
    sqlite3.OperationalError("database is locked"),
])
def test_the_database_away_is_unreachable(error: BaseException) -> None:
    assert is_database_unreachable(error)
    assert is_database_unreachable(raised_from(error))  # found through the cause


@pytest.mark.parametrize("error", [
    sqlite3.OperationalError("no such column: x"),
    ValueError("a bug"),
    ConnectionRefusedError("a target's socket, not the driver's"),
    pg.UniqueViolationError("duplicate key"),
])
def test_bugs_and_other_sockets_are_not(error: BaseException) -> None:
    assert not is_database_unreachable(error)


def test_an_outage_is_logged_once_then_its_end(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, "agenteval.store")
    outage = DatabaseOutage()
    for _ in range(5):
        outage.noticed(pg.ConnectionDoesNotExistError("closed"))
    outage.answered()
    outage.answered()
    lines = [(r.levelname, r.getMessage()) for r in caplog.records if r.levelno >= logging.INFO]
    assert [level for level, _ in lines] == ["WARNING", "INFO"]
    assert "5 answers were UNAVAILABLE" in lines[1][1]
