"""The real ASGI app for the alignment API tests; a short drift window so a test can cross it."""

from __future__ import annotations

import pytest

from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    judge_drift_window=10, judge_drift_min_agreement=0.8)
