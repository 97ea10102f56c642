"""Fixtures of the scale-out tests: PostgreSQL (and Redis) only, real processes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette

from agenteval.app import create_app
from agenteval.config import Settings
from tests.conftest import reset_postgres
from tests.scale.cluster import Cluster, CountingBot
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app
from tests.support.local_server import local_server


@pytest.fixture
def database_url(postgres_url: str) -> str:
    """Only PostgreSQL: the processes share a database server."""
    asyncio.run(reset_postgres(postgres_url))
    return postgres_url


@pytest.fixture
def cluster(database_url: str, redis_url: str, tmp_path: Path) -> Iterator[Cluster]:
    running = Cluster(database_url, redis_url, tmp_path)
    try:
        yield running
    finally:
        running.stop_all()
        print(running.dump_logs())  # shown when the test failed


def local_settings(database_url: str, redis_url: str | None) -> Settings:
    """The test process's own service: it subscribes and reads, it never executes runs."""
    return Settings(database_url=database_url, redis_url=redis_url, admin_key=ADMIN_KEY,
                    driver="none", demo=False, watchdog_interval_s=0, resume_runs=False,
                    run_claim_limit=0)


@pytest.fixture
def local_app(database_url: str, redis_url: str) -> Starlette:
    return create_app(local_settings(database_url, redis_url), migrate=False)


@pytest.fixture
async def local(local_app: Starlette) -> AsyncIterator[GraphQLClient]:
    async with running_app(local_app) as http:
        yield GraphQLClient(http)


@pytest.fixture
async def bot() -> AsyncIterator[tuple[CountingBot, str]]:
    counting = CountingBot()
    async with local_server(counting.app()) as url:
        yield counting, url
