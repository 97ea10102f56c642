"""Issue 37's demonstration, whole: a served AgentEval process monitors Mia in production.

Customers talk to Mia over HTTP (`agenteval demo-bot`'s app on a real port) and every
exchange is forwarded to the served process's POST /api/ingest as it happens, on a masked
source. Mia's two known flaws fire red-line alerts to a local Feishu-shaped receiver within
the minute, each with its quote; the pass-rate trend drops significantly (two-proportion
test) when the script switches to flaw-triggering customers; and from one alert a
regression case is drafted, saved and fails against Mia.

Windows are 30 s here instead of a minute so the test costs about a minute and a half;
the window length is only a setting (AGENTEVAL_MONITORING_WINDOW_S).
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from agenteval.demo_bot.customers import customers
from agenteval.demo_bot.play_customers import Endpoints, play
from agenteval.demo_bot.server import create_app as create_mia
from tests.api.monitoring.test_red_lines_and_judging import ALERTS, CREATE_MONITOR
from tests.api.static_helpers import create_target, outcomes, run_scenario, wait_for_run
from tests.conftest import reset_postgres
from tests.notifications.platforms import PlatformServer
from tests.notifications.test_delivery import CREATE as CREATE_WEBHOOK
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient
from tests.support.local_server import Serve

ROOT = Path(__file__).resolve().parents[3]
WINDOW_S = 30.0
RED_LINES = [{"type": "commitment_phrases"}, {"type": "personal_data_leak"}]
JUDGE = {"kind": "rules", "rules": RED_LINES}
CREATE_SOURCE = """mutation($name: String!) {
  createMonitoredSource(name: $name, quietPeriodSeconds: 600) { id masking } }"""
WINDOWS = """query($m: ID!) { monitorWindows(monitorId: $m, count: 4) {
  volume passRate { successes total value low high } } }"""
DRAFT = """mutation($c: ID!, $name: String) {
  createCaseFromConversation(conversationId: $c, newScenarioName: $name) {
    case { key messages turnChecks { turnIndex evalRules { type params } } } } }"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
async def served(postgres_url: str, tmp_path: Path) -> AsyncIterator[GraphQLClient]:
    """`agenteval serve` in its own process on PostgreSQL, with 30 s trend windows."""
    await reset_postgres(postgres_url)
    port = _free_port()
    env = dict(os.environ, AGENTEVAL_DATABASE_URL=postgres_url, AGENTEVAL_REDIS_URL="",
               AGENTEVAL_PORT=str(port), AGENTEVAL_ADMIN_KEY=ADMIN_KEY, AGENTEVAL_DRIVER="none",
               AGENTEVAL_DEMO="false", AGENTEVAL_MONITORING_POLL_S="0.2",
               AGENTEVAL_MONITORING_WINDOW_S=str(WINDOW_S),
               AGENTEVAL_MONITORING_DROP_COOLDOWN_S=str(WINDOW_S))
    log = tmp_path / "serve.log"  # a file, not a pipe nobody reads: the server must not block
    with log.open("wb") as sink:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "agenteval.cli", "serve", cwd=ROOT, env=env,
            stdout=subprocess.DEVNULL, stderr=sink)
    url = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            for _ in range(300):
                if child.returncode is not None:
                    raise AssertionError(log.read_text())
                try:
                    if (await http.get("/healthz")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)
            yield GraphQLClient(http)
    finally:
        if child.returncode is None:
            child.terminate()
            await asyncio.wait_for(child.wait(), 10)


async def _until_next_window() -> None:
    """Sleep to just after the next window boundary (windows are aligned on the epoch)."""
    await asyncio.sleep(WINDOW_S - time.time() % WINDOW_S + 0.5)


async def _wait_for(check: Any, timeout_s: float, what: str) -> float:
    started = time.monotonic()
    while not await check():
        assert time.monotonic() - started < timeout_s, f"{what}: not within {timeout_s} s"
        await asyncio.sleep(0.2)
    return time.monotonic() - started


def _document(key: str, draft: dict[str, Any]) -> dict[str, Any]:
    """The drafted case as a scenario document (what the UI's Save writes)."""
    rules = {check["turnIndex"]: check["evalRules"] for check in draft["turnChecks"]}
    return {"id": key, "messages": [
        {"user": said, "eval_rules": rules[index]} if index in rules else said
        for index, said in enumerate(draft["messages"])]}


@pytest.mark.timeout(240)  # three trend windows of 30 s, and the wait for the first to start
async def test_mia_in_production_red_lines_a_drop_and_a_regression_case(
        served: GraphQLClient, serve: Serve) -> None:
    gql, feishu = served, PlatformServer("FEISHU")
    await gql.execute(CREATE_WEBHOOK, {"name": "QA team", "format": "FEISHU", "events": [],
                                       "url": f"{await serve(feishu.app())}/hook/token"})
    source = (await gql.execute(CREATE_SOURCE, {"name": "mia"}))["createMonitoredSource"]
    assert source["masking"]  # personal data is masked before it is stored
    monitor = (await gql.execute(CREATE_MONITOR, {
        "name": "Mia in production", "judge": JUDGE, "redLines": RED_LINES,
        "sourceId": source["id"]}))["createMonitor"]["id"]
    to = Endpoints(await serve(create_mia()), str(gql.http.base_url), ADMIN_KEY, "mia")

    await _until_next_window()
    calm = await play(to, customers(40, 0.0, seed=1, prefix="calm"))
    assert calm.conversations == 40 and not calm.flaws
    await _until_next_window()
    rough = await play(to, customers(40, 0.6, seed=2, prefix="rough"))
    acknowledged = time.monotonic()
    assert set(rough.flaws) == {"refund_promise", "phone_leak"}

    async def red_lines_arrived() -> bool:
        texts = [feishu.text(i) for i in range(len(feishu.received))]
        return any("全额退款" in t or "full refund" in t for t in texts) and \
            any("personal_data_leak" in t for t in texts)
    waited = await _wait_for(red_lines_arrived, 60, "both red lines in the team's chat")
    assert time.monotonic() - acknowledged <= 60, waited

    async def drop_arrived() -> bool:
        alerts = (await gql.execute(ALERTS))["monitorAlerts"]
        return any(a["kind"] == "DROP" for a in alerts)
    # A loaded machine may judge a few conversations after their window ended: the windows
    # then hold slightly other counts, and the alert may come a window later.
    await _wait_for(drop_arrived, 2 * WINDOW_S + 10, "the drop alert")
    windows = (await gql.execute(WINDOWS, {"m": monitor}))["monitorWindows"]
    calm_window = max(windows, key=lambda w: w["passRate"]["value"] or 0)["passRate"]
    rough_window = min(windows, key=lambda w: 2 if w["passRate"]["value"] is None
                       else w["passRate"]["value"])["passRate"]
    assert calm_window["value"] >= 0.9 and calm_window["total"] >= 30, windows
    assert rough_window["high"] < calm_window["low"], windows
    assert any("monitoring" in str(body) or "drop" in str(body).lower()
               for body in feishu.received[-3:])

    alerts = (await gql.execute(ALERTS))["monitorAlerts"]
    promise = next(a for a in alerts if a["ruleType"] == "commitment_phrases")
    draft = (await gql.execute(DRAFT, {"c": promise["detail"]["conversation"]["id"],
                                       "name": "production"}))["createCaseFromConversation"]
    target = await create_target(gql, "demo")
    _, run_id = await run_scenario(gql, target, [_document("from-production", draft["case"])])
    await wait_for_run(gql, run_id)
    [outcome] = await outcomes(gql, run_id)
    assert outcome["passed"] is False  # the saved case still catches Mia's promise
