"""The real ASGI app on each backend (like tests/api) for the driver's end-to-end tests."""

from __future__ import annotations

import pytest

from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY


@pytest.fixture
def driver_name() -> str:
    return "none"


@pytest.fixture
def settings(database_url: str, driver_name: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver=driver_name,
                    demo=False, time_scale=0.0, watchdog_interval_s=0)
