"""activityChanges: a run started through the API is announced, and again when it ends."""

from __future__ import annotations

import asyncio

from starlette.testclient import TestClient

from agenteval.api.subscriptions.activity import ActivitySubscriptions, _watcher
from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.store import models
from agenteval.store.activity import Snapshot, changes_between, read_snapshot
from tests.api.static_helpers import (
    CREATE_CAMPAIGN,
    CREATE_TARGET,
    IMPORT_SCENARIO,
    START_RUN,
    document,
    simple_cases,
)
from tests.api.test_static_subscription import graphql, slow_target_url  # noqa: F401 (fixture)
from tests.support.graphql_client import ADMIN_KEY

ACTIVITY = "subscription { activityChanges { runIds evalIds } }"
RUN_STATUS = "query($id: ID!) { run(id: $id) { status } }"


def test_changes_are_what_started_changed_or_ended() -> None:
    before = Snapshot({("run", "a"): "RUNNING", ("run", "b"): "QUEUED", ("eval", "e"): "PLANNING"})
    after = Snapshot({("run", "b"): "RUNNING", ("run", "c"): "QUEUED", ("eval", "e"): "PLANNING"})
    changes = changes_between(before, after)
    assert changes.run_ids == ["a", "b", "c"] and changes.eval_ids == []
    assert not changes_between(after, Snapshot(dict(after.entries)))


async def test_a_snapshot_holds_what_is_under_way_and_the_newest(db: str) -> None:
    target = await models.Target.create(name="t", channel_type="demo", channel_config={})
    scenario = await models.Scenario.create(name="s", cases=[])
    campaign = await models.Campaign.create(name="c", scenario=scenario)
    done = await models.Run.create(campaign=campaign, target=target, status="COMPLETED", total=1)
    running = await models.Run.create(campaign=campaign, target=target, status="RUNNING", total=1)
    await asyncio.sleep(0.01)
    newest = await models.Run.create(campaign=campaign, target=target, status="FAILED", total=1)
    entries = (await read_snapshot()).entries
    assert entries[("run", str(running.id))] == "RUNNING"
    assert entries[("run", str(newest.id))] == "FAILED"
    assert ("run", str(done.id)) not in entries


async def test_the_watcher_stops_with_its_last_listener(db: str) -> None:
    stream = ActivitySubscriptions.activity_changes(None)  # type: ignore[call-arg]
    live = await asyncio.wait_for(stream.__anext__(), 5)  # the baseline is read: re-ask now
    assert (live.run_ids, live.eval_ids) == ([], [])
    waiting = asyncio.ensure_future(stream.__anext__())
    target = await models.Target.create(name="t", channel_type="demo", channel_config={})
    scenario = await models.Scenario.create(name="s", cases=[])
    campaign = await models.Campaign.create(name="c", scenario=scenario)
    run = await models.Run.create(campaign=campaign, target=target, status="QUEUED", total=1)
    change = await asyncio.wait_for(waiting, 5)
    assert change.run_ids == [str(run.id)]
    await stream.aclose()
    assert not _watcher().listeners


def test_a_run_is_announced_when_it_starts_and_when_it_ends(settings: Settings,
                                                            slow_target_url: str) -> None:  # noqa: F811
    with TestClient(create_app(settings, migrate=False)) as client:
        target = graphql(client, CREATE_TARGET, {"input": {
            "name": "bot", "channelType": "http", "maxConcurrency": 1,
            "channelConfig": {"url": f"{slow_target_url}/chat", "reply_path": "reply"}}})
        scenario = graphql(client, IMPORT_SCENARIO, {"document": document(simple_cases(40))})
        campaign = graphql(client, CREATE_CAMPAIGN, {"input": {
            "name": "c", "scenarioId": scenario["importScenario"]["id"],
            "targetIds": [target["createTarget"]["id"]], "concurrency": 1}})
        with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
            ws.send_json({"type": "connection_init", "payload": {"X-API-Key": ADMIN_KEY}})
            assert ws.receive_json()["type"] == "connection_ack"
            ws.send_json({"type": "subscribe", "id": "1", "payload": {"query": ACTIVITY}})
            # The first message, with no ids, says the watcher has its baseline.
            live = ws.receive_json()["payload"]["data"]["activityChanges"]
            assert live == {"runIds": [], "evalIds": []}
            run_id = graphql(client, START_RUN, {
                "campaignId": campaign["createCampaign"]["id"]})["startRun"][0]["id"]
            # The run's status whenever a message names it (40 cases at 50 ms: ~2 s of running).
            announced: list[str] = []
            while not announced or announced[-1] != "COMPLETED":
                message = ws.receive_json()
                assert message["type"] == "next", message
                changed = message["payload"]["data"]["activityChanges"]
                assert changed["evalIds"] == []
                if run_id in changed["runIds"]:
                    announced.append(graphql(client, RUN_STATUS, {"id": run_id})["run"]["status"])
            ws.send_json({"type": "complete", "id": "1"})
    assert announced[0] in ("QUEUED", "RUNNING") and announced[-1] == "COMPLETED"
