"""Search API tests: the real app (its lifespan turns indexing on), the worker off."""

from __future__ import annotations

import pytest

from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    monitoring_poll_s=0)
