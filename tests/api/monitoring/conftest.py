"""Monitoring API tests: the real app, its worker off unless a test turns it on."""

from __future__ import annotations

import pytest

from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY


@pytest.fixture
def settings(database_url: str, request: pytest.FixtureRequest) -> Settings:
    backlog = 2 if "backlog" in request.node.name else 200_000
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    ingest_backlog_limit=backlog, monitoring_poll_s=0)
