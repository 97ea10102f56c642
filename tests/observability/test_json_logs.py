"""AGENTEVAL_LOG_FORMAT=json: every line `agenteval serve` writes to stderr is one JSON
object, and lines logged while a run executes carry its run id."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from agenteval.observability import log_context
from agenteval.observability.log_format import JsonLineFormatter
from tests.support.fake_llm_server import FakeLLMServer, Respond
from tests.support.graphql_client import ADMIN_KEY

ROOT = Path(__file__).resolve().parents[2]
SET_MODEL_CONFIG = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""
CREATE_TARGET = "mutation($i: CreateTargetInput!) { createTarget(input: $i) { id } }"
IMPORT = "mutation($d: String!) { importScenario(document: $d) { id } }"
CAMPAIGN = "mutation($i: CreateCampaignInput!) { createCampaign(input: $i) { id } }"
START = "mutation($id: ID!) { startRun(campaignId: $id) { id } }"
RUN = "query($id: ID!) { run(id: $id) { status } }"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _gql(http: httpx.AsyncClient, query: str, variables: dict[str, Any]) -> Any:
    body = (await http.post("/graphql", json={"query": query, "variables": variables},
                            headers={"X-API-Key": ADMIN_KEY})).json()
    assert not body.get("errors"), body
    return body["data"]


async def _run_judged_by_a_failing_model(http: httpx.AsyncClient, model_url: str) -> str:
    """A run whose judge answers 500: the model client logs a retry inside the run."""
    await _gql(http, SET_MODEL_CONFIG, {"role": "JUDGE", "input": {
        "provider": "openai", "baseUrl": model_url, "model": "judge-model",
        "params": {"retries": 1, "backoff_s": 0.01, "timeout_s": 5}}})
    target = (await _gql(http, CREATE_TARGET, {"i": {
        "name": "demo", "channelType": "demo", "channelConfig": {}}}))["createTarget"]["id"]
    document = json.dumps({"name": "s", "cases": [{"id": "c", "messages": ["你好"], "eval_rules": [
        {"type": "llm_score", "params": {"criteria": "礼貌"}}]}]})
    scenario = (await _gql(http, IMPORT, {"d": document}))["importScenario"]["id"]
    campaign = (await _gql(http, CAMPAIGN, {"i": {"name": "c", "scenarioId": scenario,
                                                  "targetIds": [target]}}))
    run_id: str = (await _gql(http, START, {"id": campaign["createCampaign"]["id"]}))[
        "startRun"][0]["id"]
    deadline = time.monotonic() + 30
    while (await _gql(http, RUN, {"id": run_id}))["run"]["status"] != "COMPLETED":
        assert time.monotonic() < deadline, "the run did not complete"
        await asyncio.sleep(0.1)
    return run_id


@pytest.fixture
def json_serve(database_url: str, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`agenteval serve` with AGENTEVAL_LOG_FORMAT=json: (its URL, the file of its stderr)."""
    port = _free_port()
    env = dict(os.environ, AGENTEVAL_DATABASE_URL=database_url, AGENTEVAL_PORT=str(port),
               AGENTEVAL_ADMIN_KEY=ADMIN_KEY, AGENTEVAL_DRIVER="none", AGENTEVAL_DEMO="false",
               AGENTEVAL_LOG_FORMAT="json")
    env.pop("AGENTEVAL_REDIS_URL", None)
    stderr_path = tmp_path / "stderr.log"
    with stderr_path.open("wb") as stderr:
        child = subprocess.Popen([sys.executable, "-m", "agenteval.cli", "serve"], cwd=ROOT,
                                 env=env, stdout=subprocess.DEVNULL, stderr=stderr)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            if child.poll() is not None:
                raise AssertionError(stderr_path.read_text())
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield url, stderr_path
    finally:
        child.terminate()
        child.wait(15)


async def test_serve_writes_one_json_object_per_line_with_the_run_id(
        json_serve: tuple[str, Path]) -> None:
    url, stderr_path = json_serve
    async with (FakeLLMServer(chat=lambda body: Respond(status=500, text="down")) as model,
                httpx.AsyncClient(base_url=url, timeout=10) as http):
        run_id = await _run_judged_by_a_failing_model(http, model.url)
    await asyncio.sleep(0.2)  # the last lines reach the file

    lines = [json.loads(line) for line in stderr_path.read_text().splitlines() if line]
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    about_the_run = [line for line in lines if line.get("run_id") == run_id]
    assert about_the_run, lines
    assert any(line["logger"] == "agenteval.llm.transport" and "retry" in line["message"]
               for line in about_the_run)
    assert any(line["logger"].startswith("uvicorn") for line in lines)


def test_a_record_carries_the_ids_bound_in_its_context_and_its_traceback() -> None:
    async def inside_an_actor() -> str:
        log_context.bind(eval_id="e-1", session_id="s-1")
        try:
            raise ValueError("boom")
        except ValueError:
            record = logging.getLogger("t").makeRecord(
                "t", logging.ERROR, __file__, 1, "failed %s", ("x",), sys.exc_info())
        return JsonLineFormatter().format(record)

    line = json.loads(asyncio.run(inside_an_actor()))
    assert line["message"] == "failed x" and line["level"] == "ERROR"
    assert (line["eval_id"], line["session_id"]) == ("e-1", "s-1") and "run_id" not in line
    assert "ValueError: boom" in line["exception"]
    assert line["time"].endswith("Z")
