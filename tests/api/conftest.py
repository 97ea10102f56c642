"""The real ASGI app on a fresh database of each backend, with a GraphQL client."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False)


@pytest.fixture
async def app(settings: Settings):  # type: ignore[no-untyped-def]
    return create_app(settings, migrate=False)


@pytest.fixture
async def gql(app) -> AsyncIterator[GraphQLClient]:  # type: ignore[no-untyped-def]
    async with running_app(app) as http:
        yield GraphQLClient(http)
