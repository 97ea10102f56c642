"""A static run across a database outage: the log tells an interrupted run from a failed one
(issue 27, 1).

Before, the log said "run … failed" (ERROR, traceback) for a run that then completed
normally once the database was back (its lease lapsed and it was taken over); the
background loops logged a traceback per poll. Now the run pauses while its saves cannot be
stored (or, had its lease lapsed, is "interrupted" and taken over), it completes, and the
loops' lines carry no traceback."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from aiohttp import web

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.faults.test_database_outage import database_url, proxy, through
from tests.api.static_helpers import RUN, http_target, run_scenario, simple_cases
from tests.support.graphql_client import GraphQLClient, running_app
from tests.support.local_server import local_server
from tests.support.tcp_proxy import TcpProxy

__all__ = ["database_url", "proxy"]


@pytest.fixture
async def slow_bot() -> AsyncIterator[str]:
    async def chat(request: web.Request) -> web.Response:
        body = await request.json()
        await asyncio.sleep(0.05)
        return web.json_response({"reply": f"echo {body.get('message')}"})

    app = web.Application()
    app.router.add_post("/chat", chat)
    async with local_server(app) as url:
        yield url


async def test_a_run_across_an_outage(settings: Settings, proxy: TcpProxy, slow_bot: str,
                                      caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(replace(settings, database_url=through(settings.database_url, proxy)),
                     migrate=False)
    caplog.set_level(logging.INFO)
    async with running_app(app) as http:
        gql = GraphQLClient(http)
        target = await http_target(gql, slow_bot, max_concurrency=4)
        _, run_id = await run_scenario(gql, target, simple_cases(60), concurrency=4)
        await asyncio.sleep(0.4)
        proxy.cut()
        await asyncio.sleep(2.0)
        proxy.restore()
        async with asyncio.timeout(90):
            while True:
                answer = await gql.raw(RUN, {"id": run_id})
                run = (answer.get("data") or {}).get("run") or {}
                if run.get("status") in ("COMPLETED", "FAILED", "CANCELLED"):
                    break
                await asyncio.sleep(0.3)
    assert run["status"] == "COMPLETED", run
    assert run["progress"]["done"] == 60 and run["summary"]["passedCases"] == 60
    ours = [r for r in caplog.records if r.name.startswith("agenteval")]
    assert not [r.getMessage() for r in ours if r.levelno >= logging.ERROR]
    assert not [r.getMessage() for r in ours if r.exc_info]
    assert not [r.getMessage() for r in ours if run_id in r.getMessage()
                and "failed" in r.getMessage()]
    # What happened is said: the run paused (saves retried, nothing new sent: issue 36) or,
    # had its lease lapsed meanwhile, was interrupted and taken over.
    assert [r for r in ours if f"run {run_id} interrupted" in r.getMessage()
            or (f"run {run_id}: " in r.getMessage() and "could not be saved" in r.getMessage())]
