"""Subscriptions over the legacy `graphql-ws` protocol, on a real socket (uvicorn): the
current state first, then `complete` once the run ends; no INTERNAL (both databases)."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import aiohttp
import httpx
import pytest

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.static_helpers import create_target, run_scenario, simple_cases, wait_for_run
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient
from tests.support.uvicorn_server import uvicorn_server

PROGRESS = "subscription($id: ID!) { runProgress(runId: $id) { runId status done total } }"


async def _messages(ws: aiohttp.ClientWebSocketResponse, operation_id: str
                    ) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    async with asyncio.timeout(15):
        while True:
            message = json.loads((await ws.receive()).data)
            if message["type"] == "ka":
                continue
            assert message.get("id") == operation_id, message
            seen.append(message)
            if message["type"] in ("complete", "error"):
                return seen


async def test_a_subscription_over_graphql_ws_streams_then_completes(
        settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with uvicorn_server(create_app(settings)) as url, \
            aiohttp.ClientSession() as http:
        async with httpx.AsyncClient(base_url=url, timeout=30) as client:
            gql = GraphQLClient(client)
            _, run_id = await run_scenario(gql, await create_target(gql), simple_cases(2))
            await wait_for_run(gql, run_id)
        async with http.ws_connect(f"{url}/graphql", protocols=["graphql-ws"]) as ws:
            assert ws.protocol == "graphql-ws"
            await ws.send_json({"type": "connection_init", "payload": {"X-API-Key": ADMIN_KEY}})
            assert json.loads((await ws.receive()).data)["type"] == "connection_ack"
            await ws.send_json({"type": "start", "id": "s1", "payload": {
                "query": PROGRESS, "variables": {"id": run_id}}})
            got = await _messages(ws, "s1")
    assert [m["type"] for m in got] == ["data", "complete"], got
    assert got[0]["payload"] == {"data": {"runProgress": {
        "runId": run_id, "status": "COMPLETED", "done": 2, "total": 2}}}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
