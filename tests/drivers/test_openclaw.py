"""The openclaw driver against a local fake OpenClaw gateway (a real aiohttp server)."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.drivers.openclaw import OpenClawNotifier, create_openclaw_notifier
from agenteval.net.retry import RetryPolicy
from tests.support.fake_openclaw import TOKEN, FakeGateway, running_gateway
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app

PUBLIC_URL = "http://agenteval.example:8000/graphql"
EVAL_ID = "3f1c2a9e-0000-4000-8000-000000000001"
AGENTS = {"planner": "ae-planner", "evaluator": "ae-evaluator", "analyst": "ae-analyst"}
SKILLS = {"planner": "agenteval-intelligent-planner",
          "evaluator": "agenteval-intelligent-evaluator",
          "analyst": "agenteval-intelligent-analyst"}
FAST = RetryPolicy(attempts=4, backoff_s=0.01, jitter=False)


@pytest.fixture
async def gateway() -> AsyncIterator[FakeGateway]:
    async with running_gateway() as fake:
        yield fake


def make_settings(url: str | None, token: str | None = TOKEN, deliver: bool = False) -> Settings:
    return Settings(public_url=PUBLIC_URL, driver="openclaw", openclaw_url=url,
                    openclaw_hooks_token=token, openclaw_deliver=deliver,
                    openclaw_planner_agent=AGENTS["planner"],
                    openclaw_evaluator_agent=AGENTS["evaluator"],
                    openclaw_analyst_agent=AGENTS["analyst"])


class Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []

    async def __call__(self, eval_id: str, detail: dict[str, Any]) -> None:
        self.events.append((eval_id, detail))

    @property
    def only(self) -> dict[str, Any]:
        assert len(self.events) == 1, self.events
        assert self.events[0][0] == EVAL_ID
        return self.events[0][1]


def notifier(settings: Settings, recorder: Recorder) -> OpenClawNotifier:
    return OpenClawNotifier(settings, recorder, FAST, request_timeout_s=2.0)


@pytest.mark.parametrize("role", ["planner", "evaluator", "analyst"])
async def test_a_wake_up_posts_the_role_agent_and_records_the_run(
        gateway: FakeGateway, role: str) -> None:
    recorder = Recorder()
    await notifier(make_settings(gateway.url), recorder).wake(EVAL_ID, role, 2)  # type: ignore[arg-type]

    assert recorder.only == {"role": role, "driver": "openclaw", "ok": True, "runId": "run-1"}
    [request] = gateway.requests
    assert request["headers"]["Authorization"] == f"Bearer {TOKEN}"
    assert request["headers"]["Idempotency-Key"] == f"agenteval-{EVAL_ID}-{role}-r2"
    body = request["body"]
    message = body.pop("message")
    assert body == {"name": "AgentEval", "agentId": AGENTS[role], "sessionMode": "isolated",
                    "timeoutSeconds": 900, "deliver": False}
    assert SKILLS[role] in message and EVAL_ID in message and PUBLIC_URL in message


async def test_deliver_follows_the_setting_and_keys_differ_per_revision(
        gateway: FakeGateway) -> None:
    recorder = Recorder()
    wake = notifier(make_settings(gateway.url, deliver=True), recorder).wake
    await wake(EVAL_ID, "planner", 0)
    await wake(EVAL_ID, "planner", 1)
    await wake(EVAL_ID, "planner", 1)
    assert [r["body"]["deliver"] for r in gateway.requests] == [True, True, True]
    assert gateway.keys[0] != gateway.keys[1] == gateway.keys[2]


async def test_401_is_not_retried_and_is_recorded_readably(
        gateway: FakeGateway, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    recorder = Recorder()
    await notifier(make_settings(gateway.url, token="wrong-token"), recorder).wake(
        EVAL_ID, "planner", 0)

    assert len(gateway.requests) == 1
    assert recorder.only == {"role": "planner", "driver": "openclaw", "ok": False,
                             "error": "HTTP 401 from the gateway: unauthorized"}
    assert "wrong-token" not in caplog.text and "unauthorized" in caplog.text


@pytest.mark.parametrize("status", [400, 403])
async def test_other_client_errors_are_final(gateway: FakeGateway, status: int) -> None:
    gateway.script = [(status, {"error": "agentId not allowed"}, {})]
    recorder = Recorder()
    await notifier(make_settings(gateway.url), recorder).wake(EVAL_ID, "analyst", 1)
    assert len(gateway.requests) == 1
    assert recorder.only["ok"] is False
    assert recorder.only["error"] == f"HTTP {status} from the gateway: agentId not allowed"


async def test_503_is_retried_with_the_same_key_then_succeeds(gateway: FakeGateway) -> None:
    gateway.script = [(503, {"error": "busy"}, {}), (503, {"error": "busy"}, {})]
    recorder = Recorder()
    await notifier(make_settings(gateway.url), recorder).wake(EVAL_ID, "evaluator", 1)

    assert len(gateway.requests) == 3 and len(set(gateway.keys)) == 1
    assert recorder.only == {"role": "evaluator", "driver": "openclaw", "ok": True,
                             "runId": "run-3"}
    first_gap = gateway.requests[1]["at"] - gateway.requests[0]["at"]
    second_gap = gateway.requests[2]["at"] - gateway.requests[1]["at"]
    assert first_gap >= 0.01 and second_gap >= 0.02  # exponential backoff


async def test_5xx_until_attempts_run_out_is_recorded_as_failed(gateway: FakeGateway) -> None:
    gateway.script = [(502, {"error": "bad gateway"}, {})] * 4
    recorder = Recorder()
    await notifier(make_settings(gateway.url), recorder).wake(EVAL_ID, "planner", 0)
    assert len(gateway.requests) == 4
    assert recorder.only["ok"] is False
    assert recorder.only["error"] == ("HTTP 502 from the gateway: bad gateway "
                                      "(gave up after 4 attempts)")


async def test_429_waits_for_retry_after(gateway: FakeGateway) -> None:
    gateway.script = [(429, {"error": "rate limited"}, {"Retry-After": "1"})]
    recorder = Recorder()
    await notifier(make_settings(gateway.url), recorder).wake(EVAL_ID, "planner", 0)

    assert recorder.only == {"role": "planner", "driver": "openclaw", "ok": True,
                             "runId": "run-2"}
    assert gateway.requests[1]["at"] - gateway.requests[0]["at"] >= 0.95


async def test_an_unreachable_gateway_is_recorded_as_failed() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    recorder = Recorder()
    await notifier(make_settings(f"http://127.0.0.1:{port}"), recorder).wake(
        EVAL_ID, "planner", 0)
    detail = recorder.only
    assert detail["ok"] is False and detail["driver"] == "openclaw"
    assert detail["error"].startswith(f"cannot reach the OpenClaw gateway at "
                                      f"http://127.0.0.1:{port}/hooks/agent")
    assert "gave up after 4 attempts" in detail["error"] and TOKEN not in detail["error"]


async def test_a_200_without_ok_is_not_an_admitted_run(gateway: FakeGateway) -> None:
    gateway.script = [(200, {"ok": False, "error": "agent busy"}, {})]
    recorder = Recorder()
    await notifier(make_settings(gateway.url), recorder).wake(EVAL_ID, "planner", 0)
    assert recorder.only["ok"] is False
    assert recorder.only["error"] == "the gateway did not admit the run: agent busy"


@pytest.mark.parametrize(("url", "token", "missing"), [
    (None, TOKEN, "AGENTEVAL_OPENCLAW_URL"),
    ("http://127.0.0.1:9", None, "AGENTEVAL_OPENCLAW_HOOKS_TOKEN"),
])
async def test_missing_settings_warn_at_start_and_record_a_clear_error(
        url: str | None, token: str | None, missing: str,
        caplog: pytest.LogCaptureFixture) -> None:
    recorder = Recorder()
    caplog.set_level(logging.WARNING)
    created = create_openclaw_notifier(make_settings(url, token), recorder)
    assert missing in caplog.text

    await created.wake(EVAL_ID, "planner", 0)
    assert recorder.only["ok"] is False and missing in recorder.only["error"]


# ---------------------------------------------------------------- through the real app

CREATE_TARGET = "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"
CREATE_EVAL = """mutation($input: CreateIntelligentEvalInput!) {
  createIntelligentEval(input: $input) { id status planRevision } }"""
SUBMIT_PLAN = """mutation($id: ID!, $plan: PlanInput!) {
  submitPlan(evalId: $id, plan: $plan) { status planRevision } }"""
REJECT_PLAN = """mutation($id: ID!) {
  rejectPlan(evalId: $id, feedback: "more personas please") { status } }"""
APPROVE_PLAN = "mutation($id: ID!) { approvePlan(evalId: $id) { status } }"
CREATE_SESSION = """mutation($id: ID!, $input: CreateSessionInput!) {
  createSession(evalId: $id, input: $input) { id } }"""
CLOSE_SESSION = """mutation($id: ID!) {
  closeSession(sessionId: $id, verdict: {goalAchieved: true, achievement: 1.0}) { status } }"""
EVENTS = """query($id: ID!) { intelligentEval(id: $id) {
  events(first: 100) { edges { node { sequence type status detail } } } } }"""
PERSONA = {"name": "Wang", "background": "retired teacher", "personality": "impatient",
           "patience": "low"}
PLAN = {"dimensions": ["booking"],
        "virtualUsers": [{"persona": PERSONA, "goal": "book a repair", "dimension": "booking"}],
        "timeDistribution": [{"timeSlot": "0-1h", "sessions": 1}],
        "estimatedSessions": 1,
        "budget": {"maxTurnsPerSession": 4, "totalMaxTurns": 4}}


async def wake_events(gql: GraphQLClient, eval_id: str, count: int) -> list[dict[str, Any]]:
    """The eval's AGENT_WOKEN events once there are `count` of them (wake-ups run async)."""
    deadline = time.monotonic() + 5
    while True:
        data = await gql.execute(EVENTS, {"id": eval_id})
        nodes = [edge["node"] for edge in data["intelligentEval"]["events"]["edges"]]
        woken = [node for node in nodes if node["type"] == "AGENT_WOKEN"]
        if len(woken) >= count or time.monotonic() > deadline:
            return woken
        await asyncio.sleep(0.05)


async def test_the_app_wakes_each_role_through_openclaw_and_records_it(
        gateway: FakeGateway, database_url: str) -> None:
    settings = Settings(database_url=database_url, admin_key=ADMIN_KEY, demo=False,
                        watchdog_interval_s=0, public_url=PUBLIC_URL, driver="openclaw",
                        openclaw_url=gateway.url, openclaw_hooks_token=TOKEN,
                        openclaw_planner_agent=AGENTS["planner"],
                        openclaw_evaluator_agent=AGENTS["evaluator"],
                        openclaw_analyst_agent=AGENTS["analyst"])
    async with running_app(create_app(settings, migrate=False)) as http:
        gql = GraphQLClient(http)
        target = await gql.execute(CREATE_TARGET, {"input": {
            "name": "bot", "channelType": "demo", "channelConfig": {}}})
        created = await gql.execute(CREATE_EVAL, {"input": {
            "name": "wake me", "targetId": target["createTarget"]["id"], "goal": "book",
            "seeds": {"personas": [PERSONA]}, "intent": "booking",
            "roleDescription": "a repair booking bot"}})
        eval_id = created["createIntelligentEval"]["id"]

        [planner] = await wake_events(gql, eval_id, 1)
        assert planner["detail"] == {"role": "planner", "driver": "openclaw", "ok": True,
                                     "runId": "run-1"}
        assert planner["status"] == "PLANNING"
        assert gateway.requests[0]["body"]["agentId"] == AGENTS["planner"]
        assert eval_id in gateway.requests[0]["body"]["message"]

        await gql.execute(SUBMIT_PLAN, {"id": eval_id, "plan": PLAN})
        await gql.execute(REJECT_PLAN, {"id": eval_id})
        woken = await wake_events(gql, eval_id, 2)
        assert [event["detail"]["role"] for event in woken] == ["planner", "planner"]
        assert len(gateway.requests) == 2 and gateway.keys[0] != gateway.keys[1]

        await gql.execute(SUBMIT_PLAN, {"id": eval_id, "plan": PLAN})
        await gql.execute(APPROVE_PLAN, {"id": eval_id})
        woken = await wake_events(gql, eval_id, 3)
        assert woken[-1]["detail"] == {"role": "evaluator", "driver": "openclaw", "ok": True,
                                       "runId": "run-3"}
        assert gateway.requests[2]["body"]["agentId"] == AGENTS["evaluator"]
        assert SKILLS["evaluator"] in gateway.requests[2]["body"]["message"]
        assert gateway.keys == [f"agenteval-{eval_id}-planner-r0",
                                f"agenteval-{eval_id}-planner-r1",
                                f"agenteval-{eval_id}-evaluator-r2"]

        session = await gql.execute(CREATE_SESSION, {"id": eval_id, "input": {
            "persona": PERSONA, "goal": "book a repair", "virtualUserIndex": 0,
            "timeSlotIndex": 0}})
        await gql.execute(CLOSE_SESSION, {"id": session["createSession"]["id"]})
        woken = await wake_events(gql, eval_id, 4)
        assert woken[-1]["detail"] == {"role": "analyst", "driver": "openclaw", "ok": True,
                                       "runId": "run-4"}
        assert gateway.requests[3]["body"]["agentId"] == AGENTS["analyst"]
        assert gateway.keys[3] == f"agenteval-{eval_id}-analyst-r2"


def test_settings_come_from_the_environment_and_hide_the_token() -> None:
    settings = Settings.from_env({
        "AGENTEVAL_OPENCLAW_URL": "http://gw:18789", "AGENTEVAL_OPENCLAW_HOOKS_TOKEN": TOKEN,
        "AGENTEVAL_OPENCLAW_PLANNER_AGENT": "p", "AGENTEVAL_OPENCLAW_DELIVER": "true"})
    assert (settings.openclaw_url, settings.openclaw_hooks_token) == ("http://gw:18789", TOKEN)
    assert settings.openclaw_planner_agent == "p" and settings.openclaw_deliver is True
    assert settings.openclaw_evaluator_agent == "agenteval-evaluator"
    assert settings.openclaw_analyst_agent == "agenteval-analyst"
    assert TOKEN not in repr(settings)
    assert Settings().openclaw_deliver is False and Settings().openclaw_url is None
