"""One running app per backend for the whole module: bad input must change nothing, so
the tests of a module can share a database (each checks that no row changed)."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.domain import limits
from tests.conftest import reset_postgres
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def module_database_url(request: pytest.FixtureRequest,
                        tmp_path_factory: pytest.TempPathFactory) -> str:
    """A migrated, empty database of each backend, shared by the module's tests."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("errors") / "agenteval.db"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite://{path}"
    url = request.getfixturevalue("postgres_url")
    asyncio.run(reset_postgres(url))
    return url


@pytest.fixture(scope="module")
def module_settings(module_database_url: str) -> Settings:
    return Settings(database_url=module_database_url, admin_key=ADMIN_KEY, driver="none",
                    demo=False, resume_runs=False)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def client(module_settings: Settings) -> AsyncIterator[GraphQLClient]:
    """A GraphQL client (ADMIN key) over the real app, one per backend and module."""
    app = create_app(module_settings, migrate=False)
    try:
        async with running_app(app) as http:
            yield GraphQLClient(http)
    finally:
        limits.configure(limits.InputLimits())  # the app installed its sizes process-wide



async def row_counts() -> dict[str, int]:
    """The number of rows of every table the service owns (to show nothing changed).

    Leases are left out: they coordinate the background work (the watchdog claims one
    each interval, so a slow run of a test sees one appear), not what requests store."""
    from tortoise import Tortoise

    counts: dict[str, int] = {}
    for models in Tortoise.apps.values():
        for name, model in models.items():
            if name != "Lease":
                counts[name] = await model.all().count()
    return counts
