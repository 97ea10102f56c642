"""Database fixtures: every store and API test runs on SQLite and on PostgreSQL.

Each backend is migrated once per test session (SQLite into a template file
that every test copies, PostgreSQL into a fresh database whose tables are
truncated before each test), so tests are isolated and fast.
"""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette
from tortoise import Tortoise

from agenteval.app import create_app
from agenteval.channels import ChannelFactory, create_channel_factory
from agenteval.config import Settings
from agenteval.store import database
from tests import backends
from tests.support.graphql_client import GraphQLClient, running_app
from tests.support.local_server import Serve, server_starter


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sqlite-template") / "template.db"
    asyncio.run(database.migrate(f"sqlite://{path}"))
    return path


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    if not backends.postgres_available():
        pytest.skip(backends.missing_backend("PostgreSQL"))
    url = backends.create_postgres_database()
    asyncio.run(database.migrate(url))
    yield url
    backends.drop_postgres_database(url)


@pytest.fixture(scope="session")
def redis_url() -> str:
    if not backends.redis_available():
        pytest.skip(backends.missing_backend("Redis"))
    return backends.REDIS_URL


async def _truncate_postgres() -> None:
    connection = Tortoise.get_connection("default")
    _, rows = await connection.execute_query(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
        "AND tablename NOT LIKE 'tortoise%'")
    tables = ", ".join(f'"{row["tablename"]}"' for row in rows)
    if tables:
        await connection.execute_script(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated, empty database of each backend (the test runs once per backend)."""
    if request.param == "sqlite":
        path = tmp_path / "agenteval.db"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite://{path}"
    url = request.getfixturevalue("postgres_url")
    asyncio.run(reset_postgres(url))
    return url


async def reset_postgres(url: str) -> None:
    await database.open_database(url)
    try:
        await _truncate_postgres()
    finally:
        await database.close_database()


@pytest.fixture
async def db(database_url: str) -> AsyncIterator[str]:
    """The ORM connected to a fresh database of each backend, for store-level tests."""
    await database.open_database(database_url)
    try:
        yield database_url
    finally:
        await database.close_database()


@pytest.fixture
async def serve() -> AsyncIterator[Serve]:
    """Start aiohttp apps on 127.0.0.1 (`await serve(app)` → base URL); stopped after the test."""
    async with server_starter() as start:
        yield start


@pytest.fixture
async def factory() -> AsyncIterator[ChannelFactory]:
    """A fresh channel factory (its own limiters and HTTP session) per test."""
    channel_factory = create_channel_factory()
    yield channel_factory
    await channel_factory.aclose()


@pytest.fixture
def app(settings: Settings) -> Starlette:
    """The real ASGI app with the folder's `settings` (its lifespan runs in `gql`)."""
    return create_app(settings, migrate=False)


@pytest.fixture
async def gql(app: Starlette) -> AsyncIterator[GraphQLClient]:
    """A GraphQL client (ADMIN key) over the running app."""
    async with running_app(app) as http:
        yield GraphQLClient(http)


def _sqlite_workers() -> list[threading.Thread]:
    """The worker threads of aiosqlite connections that are alive now."""
    from aiosqlite import core

    return [thread for thread in threading.enumerate()
            if getattr(thread, "_target", None) is core._connection_worker_thread
            and thread.is_alive()]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Note on each SQLite worker thread the test that opened it, so a leak is named."""
    before = {id(thread) for thread in _sqlite_workers()}
    yield
    for thread in _sqlite_workers():
        if id(thread) not in before and not hasattr(thread, "opened_by"):
            thread.opened_by = item.nodeid  # type: ignore[attr-defined]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop the worker threads of SQLite connections a test left open, and say how many
    and which tests opened them.

    aiosqlite's worker thread is not a daemon: one connection left open (a background task
    that outlived its app in the middle of a query) kept the finished suite's interpreter
    from exiting, for ever, in CI too. Stopped here, the suite ends; the count and the tests
    are printed so that such a leak is seen and mended, not hidden.

    The threads are found as threads, not through their connections: the thread holds only
    the connection's queue, so a connection object can be collected while its thread waits
    on that queue for ever (three such threads hung a full run's exit here)."""
    from aiosqlite import core

    left = _sqlite_workers()
    for thread in left:
        queue = thread._args[0]  # type: ignore[attr-defined]  # the connection's job queue
        queue.put((None, lambda: core._STOP_RUNNING_SENTINEL))  # what Connection.stop sends
    for thread in left:
        thread.join(timeout=5)
    if left:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            tests = sorted({getattr(thread, "opened_by", "(outside a test)") for thread in left})
            reporter.write_line(f"{len(left)} SQLite connection(s) left open by the tests: "
                                "their worker threads were stopped. Opened by: "
                                + ", ".join(tests), yellow=True)
