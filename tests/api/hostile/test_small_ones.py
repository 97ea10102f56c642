"""Issue 36's small ones, through the real API on both databases: the intelligentEvals list
with reportMarkdown, bounded toolResults, timeouts with a maximum, replies read with a cap,
model checks of different servers at the same time."""

from __future__ import annotations

import asyncio
import json
import time

from aiohttp import web

from agenteval.llm import ModelEndpoint
from agenteval.model_checks import check_all
from tests.api.intelligent_support import create_eval
from tests.api.intelligent_support import create_target as create_demo_target
from tests.api.static_helpers import (
    CREATE_TARGET,
    IMPORT_SCENARIO,
    document,
    http_target,
    outcomes,
    run_scenario,
    wait_for_run,
)
from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import local_server

SET_MODEL_CONFIG = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""


async def test_the_eval_list_answers_report_markdown(gql: GraphQLClient) -> None:
    await create_eval(gql, await create_demo_target(gql))
    body = await gql.raw("{ intelligentEvals(first: 5) { edges { node { id reportMarkdown } } } }")
    assert "errors" not in body, body["errors"]
    assert body["data"]["intelligentEvals"]["edges"][0]["node"]["reportMarkdown"] is None


async def test_tool_results_are_bounded(gql: GraphQLClient) -> None:
    cases = [{"id": "c", "messages": ["hi"],
              "tool_results": {"lookup": {"blob": "x" * 300_000}}}]
    error = await gql.error(IMPORT_SCENARIO, {"document": document(cases)})
    assert error.code == "VALIDATION_FAILED"
    assert any(p["path"].endswith("tool_results") and "limit" in p["message"]
               for p in error.details), error.details


async def test_timeouts_have_a_maximum(gql: GraphQLClient) -> None:
    error = await gql.error(CREATE_TARGET, {"input": {
        "name": "slow", "channelType": "http",
        "channelConfig": {"url": "http://127.0.0.1:9/chat", "timeout_s": 1e308}}})
    assert error.code == "VALIDATION_FAILED" and "timeout_s" in json.dumps(error.details)
    error = await gql.error(SET_MODEL_CONFIG, {"role": "JUDGE", "input": {
        "provider": "openai", "model": "m", "params": {"timeout_s": 1e308}}})
    assert error.code == "VALIDATION_FAILED" and "timeout_s" in json.dumps(error.details)


async def _endless(request: web.Request) -> web.StreamResponse:
    """A reply that never stops coming (chunked: no length declared)."""
    response = web.StreamResponse()
    await response.prepare(request)
    chunk = b'{"reply": "' + b"x" * 2**20
    try:
        for _ in range(64):  # 64 MiB unless the reader stops first
            await response.write(chunk)
    except (ConnectionResetError, RuntimeError):
        pass
    return response


async def test_a_huge_reply_is_refused_while_it_streams(gql: GraphQLClient) -> None:
    app = web.Application()
    app.router.add_post("/chat", _endless)
    async with local_server(app) as url:
        target = await http_target(gql, url, timeout_s=30)
        _, run_id = await run_scenario(gql, target, [{"id": "big", "messages": ["hi"]}])
        run = await wait_for_run(gql, run_id, timeout=60)
    assert run["status"] == "COMPLETED"
    [outcome] = await outcomes(gql, run_id)
    assert "larger than 16 MiB" in outcome["turns"][0]["error"]


async def _slow_model(request: web.Request) -> web.Response:
    await asyncio.sleep(0.8)
    return web.json_response({"error": "busy"}, status=500)


async def test_models_of_different_servers_are_checked_at_the_same_time() -> None:
    first, second = web.Application(), web.Application()
    for app in (first, second):
        app.router.add_post("/v1/chat/completions", _slow_model)
    async with local_server(first) as one, local_server(second) as two:
        endpoints = [ModelEndpoint(role, "m", base_url=f"{url}/v1", params={"retries": 0})
                     for role, url in (("JUDGE", one), ("PLANNER", two))]
        started = time.perf_counter()
        checks = await check_all(endpoints)
    assert [c.role for c in checks] == ["JUDGE", "PLANNER"]
    assert all(c.reachable and not c.ok for c in checks)
    both = time.perf_counter() - started
    async with local_server(first) as one:
        started = time.perf_counter()
        await check_all([ModelEndpoint("JUDGE", "m", base_url=f"{one}/v1",
                                       params={"retries": 0})])
        one_check = time.perf_counter() - started
    assert both < 1.5 * one_check  # one after another: twice as long
