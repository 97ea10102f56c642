"""The figures of GET /metrics follow real requests, errors, runs, targets and judge calls."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from aiohttp import web
from starlette.applications import Starlette

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.static_helpers import (
    create_target,
    http_target,
    run_scenario,
    wait_for_run,
)
from tests.observability.scrape import scrape, value
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app

SET_MODEL_CONFIG = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""


@pytest.fixture
def app(database_url: str) -> Starlette:
    return create_app(Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none",
                               demo=False), migrate=False)


@pytest.fixture
async def http(app: Starlette) -> AsyncIterator[httpx.AsyncClient]:
    async with running_app(app) as client:
        yield client


async def post(http: httpx.AsyncClient, operation: str, query: str,
               key: str | None = ADMIN_KEY) -> dict[str, Any]:
    response = await http.post("/graphql", json={"query": query, "operationName": operation},
                               headers={"X-API-Key": key} if key else {})
    body: dict[str, Any] = response.json()
    return body


async def test_operations_and_their_errors_are_counted_by_name_and_code(
        http: httpx.AsyncClient) -> None:
    before = await scrape(http)

    await post(http, "MetricsRuns", "query MetricsRuns { runs { totalCount } }")
    refused = await post(http, "MetricsRuns", "query MetricsRuns { runs { totalCount } }",
                         key=None)
    invalid = await post(http, "MetricsBroken", "query MetricsBroken { noSuchField }")

    after = await scrape(http)
    requests = "agenteval_graphql_requests_total"
    errors = "agenteval_graphql_errors_total"
    assert value(after, requests, operation="MetricsRuns") - value(
        before, requests, operation="MetricsRuns") == 2
    refused_code = refused["errors"][0]["extensions"]["code"]
    assert refused_code == "UNAUTHENTICATED"
    assert value(after, errors, operation="MetricsRuns", code=refused_code) - value(
        before, errors, operation="MetricsRuns", code=refused_code) == 1
    assert invalid["errors"][0]["extensions"]["code"] == "VALIDATION_FAILED"
    assert value(after, errors, operation="MetricsBroken", code="VALIDATION_FAILED") - value(
        before, errors, operation="MetricsBroken", code="VALIDATION_FAILED") == 1


class GatedBot:
    """A target that answers only once `opened` is set: "boom" with HTTP 500, else an echo."""

    def __init__(self) -> None:
        self.opened = asyncio.Event()

    async def chat(self, request: web.Request) -> web.Response:
        message = str((await request.json()).get("message", ""))
        await self.opened.wait()
        if "boom" in message:
            return web.Response(status=500, text="internal error")
        return web.json_response({"reply": f"echo: {message}"})

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/chat", self.chat)
        return app


async def test_a_run_shows_in_flight_then_its_target_latency_and_errors(
        http: httpx.AsyncClient, serve) -> None:
    gql = GraphQLClient(http)
    bot = GatedBot()
    target = await http_target(gql, await serve(bot.app()), timeout_s=30)
    cases = [{"id": "ok", "messages": ["fine"]}, {"id": "500", "messages": ["boom"]}]

    _, run_id = await run_scenario(gql, target, cases)
    await wait_for_run(gql, run_id, statuses=("RUNNING",))
    during = await scrape(http)
    assert value(during, "agenteval_runs_in_flight", status="RUNNING") == 1
    assert value(during, "agenteval_actors_alive", kind="run") >= 1
    assert value(during, "agenteval_database_up") == 1
    await asyncio.sleep(0.3)
    bot.opened.set()
    run = await wait_for_run(gql, run_id)
    assert run["status"] == "COMPLETED"

    after = await scrape(http)
    assert value(after, "agenteval_runs_in_flight", status="RUNNING") == 0
    assert value(after, "agenteval_target_latency_seconds_count", target=target) == 1
    assert value(after, "agenteval_target_latency_seconds_sum", target=target) >= 0.3
    assert value(after, "agenteval_target_errors_total", target=target, kind="http_status") == 1


async def test_judge_calls_then_cache_hits(http: httpx.AsyncClient) -> None:
    gql = GraphQLClient(http)
    judge = json.dumps({"score": 8, "rationale": "scripted"})
    cases = [{"id": "polite", "messages": ["你好"],
              "eval_rules": [{"type": "llm_score", "params": {"criteria": "礼貌"}}]}]
    async with FakeLLMServer(chat=lambda body: judge) as server:
        await gql.execute(SET_MODEL_CONFIG, {"role": "JUDGE", "input": {
            "provider": "openai", "baseUrl": server.url, "model": "judge-model"}})
        target = await create_target(gql, "demo")
        calls = "agenteval_model_calls_total"
        before = await scrape(http)
        for _ in range(2):  # the second run is answered from the response cache
            _, run_id = await run_scenario(gql, target, cases)
            assert (await wait_for_run(gql, run_id))["status"] == "COMPLETED"
        after = await scrape(http)
    assert len(server.requests_to("chat")) == 1
    assert value(after, calls, role="JUDGE", cached="false") - value(
        before, calls, role="JUDGE", cached="false") == 1
    assert value(after, calls, role="JUDGE", cached="true") - value(
        before, calls, role="JUDGE", cached="true") == 1


async def test_every_status_in_flight_is_reported_even_at_zero(http: httpx.AsyncClient) -> None:
    samples = await scrape(http)
    for status in ("QUEUED", "RUNNING"):
        assert ("agenteval_runs_in_flight", frozenset({("status", status)})) in samples
    for status in ("DRAFT", "PLANNING", "PENDING_APPROVAL", "EXECUTING"):
        assert value(samples, "agenteval_evals_in_flight", status=status) == 0
        assert ("agenteval_evals_in_flight", frozenset({("status", status)})) in samples
