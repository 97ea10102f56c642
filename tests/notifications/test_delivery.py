"""Webhooks end to end: the real app, its background deliverer and local platform servers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from agenteval.config import Settings
from tests.api.intelligent_support import SUBMIT_PLAN, create_eval, create_target, make_key, plan
from tests.api.static_helpers import START_RUN, run_scenario, simple_cases, wait_for_run
from tests.notifications.platforms import PlatformServer
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient
from tests.support.local_server import Serve

PUBLIC_URL = "https://agenteval.example.com/graphql"
WEBHOOK_FIELDS = "id name format events url createdAt lastDeliveryOk lastError"
CREATE = f"""mutation($name: String!, $url: String!, $format: WebhookFormat!, $events: [String!]!) {{
  createWebhook(name: $name, url: $url, format: $format, events: $events) {{ {WEBHOOK_FIELDS} }} }}"""
WEBHOOKS = f"query {{ webhooks {{ {WEBHOOK_FIELDS} }} }}"
DELETE = "mutation($id: ID!) { deleteWebhook(id: $id) }"
TEST = "mutation($id: ID!) { testWebhook(id: $id) }"


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    public_url=PUBLIC_URL, webhook_timeout_s=0.5)


async def eventually(check: Callable[[], bool], timeout_s: float = 10.0) -> float:
    """Seconds until `check()` held (fails after `timeout_s`)."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > timeout_s:
            raise AssertionError(f"not within {timeout_s} s")
        await asyncio.sleep(0.05)
    return time.monotonic() - started


async def hook(gql: GraphQLClient, serve: Serve, server: PlatformServer,
               events: list[str] | None = None) -> dict:
    base = await serve(server.app())
    data = await gql.execute(CREATE, {"name": f"team {server.format}", "format": server.format,
                                      "url": f"{base}/hook/secret-token", "events": events or []})
    return data["createWebhook"]


async def webhook_state(gql: GraphQLClient) -> dict[str, dict]:
    return {w["name"]: w for w in (await gql.execute(WEBHOOKS))["webhooks"]}


async def recorded_ok(gql: GraphQLClient, name: str, timeout_s: float = 10.0) -> dict:
    """The webhook's state once its delivery is recorded as ok: the sender records the
    outcome after the platform has answered, so the platform sees it first."""
    deadline = time.monotonic() + timeout_s
    while True:
        state = (await webhook_state(gql))[name]
        if state["lastDeliveryOk"] is True:
            return state
        assert time.monotonic() < deadline, state
        await asyncio.sleep(0.05)


async def test_a_pending_plan_reaches_every_platform_within_seconds(
        gql: GraphQLClient, serve: Serve) -> None:
    servers = {f: PlatformServer(f) for f in ("JSON", "FEISHU", "DINGTALK", "WECOM", "SLACK")}
    for server in servers.values():
        await hook(gql, serve, server)
    uninterested = PlatformServer("JSON")
    await hook(gql, serve, uninterested, ["run.completed"])
    eval_id = (await create_eval(gql, await create_target(gql)))["id"]

    await gql.execute(SUBMIT_PLAN, {"id": eval_id, "plan": plan(sessions=3)})
    seconds = await eventually(lambda: all(s.received for s in servers.values()))

    print(f"plan_pending reached all five platforms in {seconds:.2f} s")
    assert seconds < 5
    [event] = servers["JSON"].received
    link = f"https://agenteval.example.com/evals/{eval_id}"
    assert event["event"] == "eval.plan_pending" and event["link"] == link
    assert event["plan"]["estimatedSessions"] == 3
    assert event["eval"]["planRevision"] == 1
    assert servers["JSON"].headers[0]["Idempotency-Key"] == event["id"]
    for server in servers.values():
        assert link in server.text() and event["id"] not in ("", None)
    assert not uninterested.requests
    state = await webhook_state(gql)
    assert {w["url"] for w in state.values()} == {"********"}
    await recorded_ok(gql, "team FEISHU")


async def test_a_failing_platform_is_retried_until_it_recovers(
        gql: GraphQLClient, serve: Serve) -> None:
    flaky = PlatformServer("DINGTALK", fail_first=2)
    await hook(gql, serve, flaky)
    eval_id = (await create_eval(gql, await create_target(gql)))["id"]

    await gql.execute(SUBMIT_PLAN, {"id": eval_id, "plan": plan()})
    # Two failures, each retried after its backoff, then the sender's next step: on a
    # loaded machine that can pass 10 s.
    await eventually(lambda: bool(flaky.received), timeout_s=30)

    assert flaky.requests == 3 and len(flaky.received) == 1
    assert (await recorded_ok(gql, "team DINGTALK"))["lastError"] is None


async def test_a_hanging_platform_never_blocks_the_eval_and_its_timeout_is_visible(
        gql: GraphQLClient, serve: Serve) -> None:
    hanging = PlatformServer("SLACK", hang_s=30)
    await hook(gql, serve, hanging)
    eval_id = (await create_eval(gql, await create_target(gql)))["id"]

    started = time.monotonic()
    submitted = await gql.execute(SUBMIT_PLAN, {"id": eval_id, "plan": plan()})
    assert time.monotonic() - started < 5.0  # the platform hangs for 30 s
    assert submitted["submitPlan"]["status"] == "PENDING_APPROVAL"

    await eventually(lambda: hanging.requests >= 3)
    state: dict = {}

    async def failed() -> bool:
        nonlocal state
        state = (await webhook_state(gql))["team SLACK"]
        return state["lastDeliveryOk"] is False

    deadline = time.monotonic() + 10
    while not await failed():
        assert time.monotonic() < deadline
        await asyncio.sleep(0.1)
    assert state["lastError"] == "no answer within 0.5 s"


async def test_run_completed_carries_rates_and_the_delta_to_the_previous_run(
        gql: GraphQLClient, serve: Serve) -> None:
    server = PlatformServer("JSON")
    await hook(gql, serve, server, ["run.completed", "run.failed"])
    target_id = await create_target(gql)
    campaign_id, first = await run_scenario(gql, target_id, simple_cases(3))
    await wait_for_run(gql, first)
    second = (await gql.execute(START_RUN, {"campaignId": campaign_id}))["startRun"][0]["id"]
    await wait_for_run(gql, second)

    await eventually(lambda: len(server.received) == 2)
    by_run = {event["run"]["id"]: event for event in server.received}
    assert by_run[first]["delta"] is None
    later = by_run[second]
    assert later["event"] == "run.completed"
    assert later["passRate"] == by_run[first]["passRate"] is not None  # the same replies
    assert later["delta"] == {"previousRunId": first, "passRate": 0.0, "successRate": 0.0}
    assert later["link"] == f"https://agenteval.example.com/runs/{second}"
    assert later["run"]["campaign"] == "campaign"


async def test_only_admin_manages_webhooks_and_bad_input_is_named(
        gql: GraphQLClient, serve: Serve) -> None:
    operator = await make_key(gql, "OPERATOR")
    assert (await operator.error(WEBHOOKS)).code == "FORBIDDEN"
    assert (await operator.error(CREATE, {"name": "x", "url": "http://127.0.0.1:9/h",
                                          "format": "JSON", "events": []})).code == "FORBIDDEN"
    error = await gql.error(CREATE, {"name": " ", "url": "ftp://x", "format": "JSON",
                                     "events": ["eval.completed", "eval.exploded"]})
    assert error.code == "VALIDATION_FAILED"
    assert {d["path"] for d in error.details} == {"name", "events[1]"}
    error = await gql.error(CREATE, {"name": "n", "url": "ftp://x", "format": "JSON",
                                     "events": []})
    assert [d["path"] for d in error.details] == ["url"]

    good = await hook(gql, serve, PlatformServer("WECOM"))
    assert (await gql.execute(TEST, {"id": good["id"]}))["testWebhook"] is True
    dead = (await gql.execute(CREATE, {"name": "dead", "url": "http://127.0.0.1:9/hook/s",
                                       "format": "SLACK", "events": []}))["createWebhook"]
    assert (await gql.execute(TEST, {"id": dead["id"]}))["testWebhook"] is False
    state = await webhook_state(gql)
    assert state["team WECOM"]["lastDeliveryOk"] is True
    assert state["dead"]["lastError"].startswith("connection failed")
    assert "127.0.0.1:9" not in state["dead"]["lastError"]

    assert (await gql.execute(DELETE, {"id": dead["id"]}))["deleteWebhook"] == dead["id"]
    assert set(await webhook_state(gql)) == {"team WECOM"}
    assert (await gql.error(DELETE, {"id": dead["id"]})).code == "NOT_FOUND"
