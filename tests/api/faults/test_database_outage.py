"""A database outage answers UNAVAILABLE, logged once per outage (issue 27, 1).

PostgreSQL is reached through a local TCP proxy the test cuts (the shared server
itself cannot be stopped). Before, every request answered INTERNAL "Unexpected
error" with an ERROR traceback each."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import replace
from urllib.parse import urlsplit

import httpx
import pytest

from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import GraphQLClient, running_app
from tests.support.tcp_proxy import TcpProxy, tcp_proxy

QUERIES = [
    "{ targets { totalCount } }",
    "{ runs(first: 5) { totalCount } }",
    'mutation { createTarget(input: {name: "t", channelType: "demo", channelConfig: {}}) '
    "{ id } }",
]


@pytest.fixture
def database_url(postgres_url: str) -> str:
    """PostgreSQL only: the outage is a cut TCP connection."""
    from tests.conftest import reset_postgres

    asyncio.run(reset_postgres(postgres_url))
    return postgres_url


@pytest.fixture
async def proxy(database_url: str) -> AsyncIterator[TcpProxy]:
    parts = urlsplit(database_url)
    async with tcp_proxy(parts.hostname or "127.0.0.1", parts.port or 5432) as running:
        yield running


def through(url: str, proxy: TcpProxy) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc.rsplit(":", 1)[0] + f":{proxy.port}"
    return parts._replace(netloc=netloc).geturl()


@pytest.fixture
async def client(settings: Settings, proxy: TcpProxy) -> AsyncIterator[GraphQLClient]:
    app = create_app(replace(settings, database_url=through(settings.database_url, proxy),
                             watchdog_interval_s=0), migrate=False)
    async with running_app(app) as http:
        yield GraphQLClient(http)


def outage_reports(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The lines that say an outage began (other lines may mention it, without traceback)."""
    return [r for r in caplog.records if r.levelno >= logging.WARNING
            and r.getMessage().startswith("the database is unreachable (")]


async def answered_again(client: GraphQLClient, limit_s: float = 15) -> None:
    async with asyncio.timeout(limit_s):
        while (await client.raw(QUERIES[0])).get("errors"):  # noqa: ASYNC110 - polls HTTP
            await asyncio.sleep(0.2)


async def test_an_outage_answers_unavailable_and_logs_it_once(
        client: GraphQLClient, proxy: TcpProxy, caplog: pytest.LogCaptureFixture) -> None:
    assert (await client.execute(QUERIES[0]))["targets"]["totalCount"] == 0
    caplog.set_level(logging.INFO)
    caplog.clear()
    proxy.cut()
    for _ in range(4):
        for query in QUERIES:
            error = await client.error(query)
            assert error.code == "UNAVAILABLE", error.errors
            assert "database" in error.message and "try again" in error.message
            assert error.errors[0]["extensions"].get("reason") == "database"
    health = await client.http.get("/healthz")
    assert health.status_code == 503
    outage_lines = outage_reports(caplog)
    assert len(outage_lines) == 1, [r.getMessage() for r in outage_lines]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not [r for r in caplog.records if r.exc_info]

    proxy.restore()
    await answered_again(client)
    assert (await client.execute(QUERIES[2]))["createTarget"]["id"]
    await asyncio.sleep(0.5)  # the probe that ends the outage runs in the background
    assert any("database answers again" in r.getMessage() for r in caplog.records), \
        [r.getMessage() for r in caplog.records]


async def test_a_second_outage_is_logged_again(client: GraphQLClient, proxy: TcpProxy,
                                               caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    for _ in range(2):
        proxy.cut()
        assert (await client.error(QUERIES[0])).code == "UNAVAILABLE"
        assert (await client.error(QUERIES[1])).code == "UNAVAILABLE"
        proxy.restore()
        await answered_again(client)
        await asyncio.sleep(0.5)  # the background probe ends the first outage
    outages = outage_reports(caplog)
    assert len(outages) == 2, [r.getMessage() for r in outages]


async def test_the_http_answer_is_retryable(client: GraphQLClient, proxy: TcpProxy) -> None:
    proxy.cut()
    response = await client.http.post("/graphql", json={"query": QUERIES[0]},
                                      headers={"X-API-Key": client.key or ""})
    assert response.status_code == 200
    assert response.json()["errors"][0]["extensions"]["code"] == "UNAVAILABLE"
    assert isinstance(response, httpx.Response)


async def test_a_download_during_an_outage_is_503_unavailable_in_the_rest_envelope(
        client: GraphQLClient, proxy: TcpProxy) -> None:
    path = "/api/runs/00000000-0000-0000-0000-000000000000/report.json"
    key = {"X-API-Key": client.key or ""}
    assert (await client.http.get(path, headers=key)).status_code == 404
    proxy.cut()
    response = await client.http.get(path, headers=key)
    assert response.status_code == 503
    assert response.json() == {"error": {"code": "UNAVAILABLE", "reason": "database",
                                         "message": "the database is unreachable; try again "
                                                    "shortly"}}
    proxy.restore()
    await answered_again(client)
