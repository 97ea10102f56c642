"""runProgress over a websocket: current progress first, every change, ends when terminal."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from aiohttp import web
from starlette.testclient import TestClient

from agenteval.api.subscriptions.static import StaticSubscriptions
from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.errors import RateLimited
from agenteval.store import models
from agenteval.store.event_bus import InMemoryEventBus
from tests.api.static_helpers import (
    CREATE_CAMPAIGN,
    CREATE_TARGET,
    IMPORT_SCENARIO,
    START_RUN,
    TargetBehaviour,
    document,
    simple_cases,
)
from tests.support.graphql_client import ADMIN_KEY

RUN_PROGRESS = """subscription($runId: ID!) {
  runProgress(runId: $runId) { runId status total done passed failed errored } }"""


@pytest.fixture
def slow_target_url() -> Iterator[str]:
    """A local bot answering in 50 ms, on its own thread (TestClient runs the app on another)."""
    loop = asyncio.new_event_loop()
    runner = web.AppRunner(TargetBehaviour(delay_s=0.05).app(), shutdown_timeout=0.1)
    loop.run_until_complete(runner.setup())
    site = web.TCPSite(runner, "127.0.0.1", 0)
    loop.run_until_complete(site.start())
    host, port = runner.addresses[0][:2]
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield f"http://{host}:{port}"
    asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(5)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def graphql(client: TestClient, query: str, variables: dict[str, Any]) -> Any:
    response = client.post("/graphql", json={"query": query, "variables": variables},
                           headers={"X-API-Key": ADMIN_KEY})
    body = response.json()
    assert not body.get("errors"), body
    return body["data"]


def test_run_progress_streams_until_the_run_ends(settings: Settings,
                                                 slow_target_url: str) -> None:
    with TestClient(create_app(settings, migrate=False)) as client:
        target = graphql(client, CREATE_TARGET, {"input": {
            "name": "bot", "channelType": "http", "maxConcurrency": 1,
            "channelConfig": {"url": f"{slow_target_url}/chat", "reply_path": "reply"}}})
        scenario = graphql(client, IMPORT_SCENARIO, {"document": document(simple_cases(12))})
        campaign = graphql(client, CREATE_CAMPAIGN, {"input": {
            "name": "c", "scenarioId": scenario["importScenario"]["id"],
            "targetIds": [target["createTarget"]["id"]], "concurrency": 1}})
        run_id = graphql(client, START_RUN,
                         {"campaignId": campaign["createCampaign"]["id"]})["startRun"][0]["id"]
        with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
            ws.send_json({"type": "connection_init", "payload": {"X-API-Key": ADMIN_KEY}})
            assert ws.receive_json()["type"] == "connection_ack"
            ws.send_json({"type": "subscribe", "id": "1",
                          "payload": {"query": RUN_PROGRESS, "variables": {"runId": run_id}}})
            progress = []
            while (message := ws.receive_json())["type"] == "next":
                progress.append(message["payload"]["data"]["runProgress"])
            assert message == {"type": "complete", "id": "1"}
    assert progress[0]["status"] in ("QUEUED", "RUNNING") and progress[0]["done"] < 12
    assert progress[-1] == {"runId": run_id, "status": "COMPLETED", "total": 12, "done": 12,
                            "passed": 12, "failed": 0, "errored": 0}
    assert len(progress) >= 3
    done = [p["done"] for p in progress]
    assert done == sorted(done)


async def test_a_slow_subscriber_gets_rate_limited_with_resync(db: str) -> None:
    target = await models.Target.create(name="t", channel_type="demo", channel_config={})
    scenario = await models.Scenario.create(name="s", cases=[])
    campaign = await models.Campaign.create(name="c", scenario=scenario)
    run = await models.Run.create(campaign=campaign, target=target, status="RUNNING", total=5)
    events = InMemoryEventBus(queue_size=2)
    info = SimpleNamespace(context=SimpleNamespace(services=SimpleNamespace(events=events)))
    resolver = StaticSubscriptions.run_progress
    stream = resolver(None, info, str(run.id))
    first = await stream.__anext__()
    assert first.done == 0
    for done in range(1, 6):  # the subscriber reads none of these
        await events.publish(f"run:{run.id}", {"runId": str(run.id), "status": "RUNNING",
                                               "total": 5, "done": done, "passed": done,
                                               "failed": 0, "errored": 0})
    with pytest.raises(RateLimited) as raised:
        await stream.__anext__()
    assert raised.value.details == {"resync": True}
