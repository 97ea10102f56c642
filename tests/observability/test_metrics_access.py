"""Who may read GET /metrics: AGENTEVAL_METRICS=authenticated (default), public, off."""

from __future__ import annotations

import pytest

from agenteval.app import create_app
from agenteval.config import Settings
from tests.observability.scrape import scrape
from tests.support.graphql_client import ADMIN_KEY, running_app


def settings_for(database_url: str, metrics: str | None) -> Settings:
    extra = {} if metrics is None else {"metrics": metrics}
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    **extra)


async def test_by_default_any_valid_key_reads_metrics_as_header_or_bearer(
        database_url: str) -> None:
    async with running_app(create_app(settings_for(database_url, None), migrate=False)) as http:
        assert (await http.get("/metrics")).status_code == 401
        wrong = await http.get("/metrics", headers={"X-API-Key": "ae_not-a-key"})
        assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "UNAUTHENTICATED"
        assert (await http.get("/metrics", headers={"Authorization": "Bearer nope"})
                ).status_code == 401
        assert (await http.get("/metrics", headers={"X-API-Key": ADMIN_KEY})).status_code == 200
        bearer = await http.get("/metrics", headers={"Authorization": f"Bearer {ADMIN_KEY}"})
        assert bearer.status_code == 200 and "agenteval_graphql_requests" in bearer.text
        assert await scrape(http)  # the text format parses


async def test_public_metrics_need_no_key(database_url: str) -> None:
    async with running_app(create_app(settings_for(database_url, "public"),
                                      migrate=False)) as http:
        assert await scrape(http, key=None)


async def test_metrics_off_is_not_found(database_url: str) -> None:
    async with running_app(create_app(settings_for(database_url, "off"), migrate=False)) as http:
        assert (await http.get("/metrics", headers={"X-API-Key": ADMIN_KEY})).status_code == 404


def test_an_unknown_policy_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="AGENTEVAL_METRICS='everyone'"):
        create_app(Settings(metrics="everyone"), migrate=False)


def test_the_policy_is_read_from_the_environment() -> None:
    assert Settings.from_env({"AGENTEVAL_METRICS": "public"}).metrics == "public"
    assert Settings.from_env({}).metrics == "authenticated"
