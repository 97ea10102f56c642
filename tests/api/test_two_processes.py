"""Two service processes on one PostgreSQL database and one Redis: what one process
changes, a subscriber of the other sees, in order and without gaps."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from agenteval.api.context import Context
from agenteval.api.schema import build_schema
from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.intelligent_support import APPROVE, HEARTBEAT, SEEDS, SUBMIT_PLAN, plan
from tests.conftest import reset_postgres
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app

ROOT = Path(__file__).resolve().parents[2]
EVENTS_SUB = """subscription($id: ID!, $after: Int) {
  intelligentEvalEvents(evalId: $id, afterSequence: $after) { sequence type } }"""
CREATE_TARGET = "mutation($i: CreateTargetInput!) { createTarget(input: $i) { id } }"
CREATE_EVAL = """mutation($i: CreateIntelligentEvalInput!) {
  createIntelligentEval(input: $i) { id status } }"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def database_url(postgres_url: str) -> str:
    """Only PostgreSQL: processes share a database server, not an embedded SQLite file."""
    asyncio.run(reset_postgres(postgres_url))
    return postgres_url


@pytest.fixture
def other_process(postgres_url: str, redis_url: str, database_url: str) -> Iterator[str]:
    """`agenteval serve` in a child process on the same PostgreSQL and Redis."""
    port = _free_port()
    env = dict(os.environ, AGENTEVAL_DATABASE_URL=postgres_url, AGENTEVAL_REDIS_URL=redis_url,
               AGENTEVAL_PORT=str(port), AGENTEVAL_ADMIN_KEY=ADMIN_KEY, AGENTEVAL_DRIVER="none",
               AGENTEVAL_DEMO="false", AGENTEVAL_WATCHDOG_INTERVAL_S="0")
    child = subprocess.Popen([sys.executable, "-m", "agenteval.cli", "serve"], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if child.poll() is not None:
                raise AssertionError(child.stderr.read().decode() if child.stderr else "exited")
            asyncio.run(asyncio.sleep(0.1))
        else:
            raise AssertionError("the other process never answered /healthz")
        yield url
    finally:
        child.terminate()
        child.wait(10)


async def test_a_subscriber_sees_what_another_process_changes(
        settings: Settings, redis_url: str, other_process: str) -> None:
    app = create_app(replace(settings, redis_url=redis_url), migrate=False)
    async with running_app(app) as local_http:
        local = GraphQLClient(local_http)
        async with httpx.AsyncClient(base_url=other_process, timeout=30) as remote_http:
            remote = GraphQLClient(remote_http)
            target = (await remote.execute(CREATE_TARGET, {"i": {
                "name": "demo", "channelType": "demo", "channelConfig": {}}}))["createTarget"]
            created = (await remote.execute(CREATE_EVAL, {"i": {
                "name": "two processes", "targetId": target["id"], "goal": "g", "seeds": SEEDS,
                "intent": "i", "roleDescription": "r"}}))["createIntelligentEval"]
            stream = await build_schema().subscribe(
                EVENTS_SUB, variable_values={"id": created["id"], "after": 0},
                context_value=Context(services=app.state.services, secret=ADMIN_KEY))
            seen: list[Any] = []
            try:
                seen.append(await _next(stream))
                await remote.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan()})
                seen.append(await _next(stream))
                await remote.execute(APPROVE, {"id": created["id"]})
                seen.append(await _next(stream))
                await remote.execute(HEARTBEAT, {"id": created["id"]})
                seen.append(await _next(stream))
            finally:
                await stream.aclose()
        # The local process reads the other's writes, and both agree on the state.
        state = await local.execute("query($id: ID!) { intelligentEval(id: $id) { status } }",
                                    {"id": created["id"]})
    assert [(e["sequence"], e["type"]) for e in seen] == [
        (1, "CREATED"), (2, "PLAN_SUBMITTED"), (3, "PLAN_APPROVED"), (4, "HEARTBEAT")]
    assert state["intelligentEval"]["status"] == "EXECUTING"


async def _next(stream: Any) -> dict[str, Any]:
    # Live events arrive through Redis, well under a second on loopback; without
    # it the subscriber would only notice at its periodic re-read (5 s).
    result = await asyncio.wait_for(stream.__anext__(), 3)
    assert not result.errors, result.errors
    return result.data["intelligentEvalEvents"]
