"""The built-in driver end to end: the real app, the demo bot, plan → approve → report."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agenteval.app import in_process_api
from agenteval.config import Settings
from agenteval.demo_setup import seed_demo
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.process import DriverLoop, role_waiting
from agenteval.drivers.builtin.runner import drive
from agenteval.drivers.builtin.transport import AsgiTransport
from tests.drivers.builtin.transcripts import demo_seeds
from tests.support.graphql_client import GraphQLClient

CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { secret } }"""
CREATE_TARGET = "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }"
CREATE_EVAL = """mutation($input: CreateIntelligentEvalInput!) {
  createIntelligentEval(input: $input) { id status } }"""
APPROVE = "mutation($id: ID!) { approvePlan(evalId: $id) { id status } }"
REJECT = """mutation($id: ID!, $feedback: String!) {
  rejectPlan(evalId: $id, feedback: $feedback) { id status } }"""
EVAL = """query($id: ID!) { intelligentEval(id: $id) {
  id status planRevision failureReason reportMarkdown
  plan { estimatedSessions completionCriteria }
  progress { sessionsPlanned sessionsClosed turnsUsed }
  sessions(first: 50) { edges { node { status verdict { goalAchieved } } } }
  report { findings { issue severity dimension
           evidence { sessionId turnIndex userSaid assistantReplied verified } } }
  events(first: 500) { edges { node { type detail } } } } }"""

FLAWS = {
    "维修预约": "Booked without asking for a preferred time",
    "退货处理": "Return accepted without asking for or confirming the order number",
    "投诉处理": "Complaint handled without an apology",
    "改变主意": "Change of mind ignored",
}


async def key(gql: GraphQLClient, role: str) -> str:
    data = await gql.execute(CREATE_KEY, {"name": role.lower(), "role": role})
    return data["createApiKey"]["secret"]


async def demo_eval(gql: GraphQLClient, operator: GraphQLClient) -> str:
    target = (await operator.execute(CREATE_TARGET, {"input": {
        "name": "Mia", "channelType": "demo", "channelConfig": {}}}))["createTarget"]["id"]
    created = await operator.execute(CREATE_EVAL, {"input": {
        "name": "demo", "targetId": target, "goal": "find Mia's flaws", "seeds": demo_seeds(),
        "intent": "flaws with evidence", "roleDescription": "customers",
        "timeWindowHours": 24}})
    return created["createIntelligentEval"]["id"]


async def state(gql: GraphQLClient, eval_id: str) -> dict[str, Any]:
    return (await gql.execute(EVAL, {"id": eval_id}))["intelligentEval"]


async def wait_for(gql: GraphQLClient, eval_id: str, status: str, timeout: float = 30.0
                   ) -> dict[str, Any]:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        current = await state(gql, eval_id)
        if current["status"] == status or asyncio.get_running_loop().time() > deadline:
            assert current["status"] == status, current
            return current
        await asyncio.sleep(0.05)


def assert_flaws_found_with_verified_evidence(final: dict[str, Any]) -> None:
    findings = final["report"]["findings"]
    for dimension, title in FLAWS.items():
        assert any(f["dimension"] == dimension and f["issue"].startswith(title)
                   for f in findings), (dimension, [f["issue"] for f in findings])
    evidence = [e for f in findings for e in f["evidence"]]
    assert evidence and all(e["verified"] for e in evidence)
    assert "预约成功" in final["reportMarkdown"]


async def test_driving_each_role_by_hand_finds_the_demo_bots_flaws(app, gql: GraphQLClient
                                                                    ) -> None:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    settings = Settings(time_scale=0.0)

    planned = await drive(agent, eval_id, "planner", settings)
    assert planned.acted and planned.detail == {"mode": "scripted", "revision": 1, "provenance": {
        "source": "script", "model": None, "reason": "not_configured", "detail": None,
        "calls": {"model": 0, "script": 1}}}
    assert (await state(gql, eval_id))["status"] == "PENDING_APPROVAL"
    again = await drive(agent, eval_id, "planner", settings)
    assert not again.acted  # the eval no longer waits for a plan

    await operator.execute(APPROVE, {"id": eval_id})
    evaluated = await drive(agent, eval_id, "evaluator", settings)
    assert evaluated.detail["sessionsClosed"] == 8 and evaluated.detail["errors"] == []
    progress = (await state(gql, eval_id))["progress"]
    assert progress["sessionsClosed"] == progress["sessionsPlanned"] == 8

    rerun = await drive(agent, eval_id, "evaluator", settings)
    assert rerun.detail["sessionsClosed"] == 0 and rerun.detail["turnsSent"] == 0

    reported = await drive(agent, eval_id, "analyst", settings)
    assert reported.acted
    final = await state(gql, eval_id)
    assert final["status"] == "COMPLETED"
    assert_flaws_found_with_verified_evidence(final)


@pytest.mark.parametrize("driver_name", ["builtin"])
async def test_the_builtin_driver_runs_the_lifecycle_on_its_wake_ups(gql: GraphQLClient) -> None:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    eval_id = await demo_eval(gql, operator)
    planned = await wait_for(gql, eval_id, "PENDING_APPROVAL")
    assert planned["plan"]["estimatedSessions"] == 8

    await operator.execute(REJECT, {"id": eval_id, "feedback": "please run more sessions"})
    replanned = await wait_for(gql, eval_id, "PENDING_APPROVAL")
    assert replanned["planRevision"] == 2 and replanned["plan"]["estimatedSessions"] == 16
    assert "«please run more sessions»" in replanned["plan"]["completionCriteria"]

    await operator.execute(APPROVE, {"id": eval_id})
    final = await wait_for(gql, eval_id, "COMPLETED", timeout=60)
    assert final["progress"]["sessionsClosed"] == 16
    assert_flaws_found_with_verified_evidence(final)
    woken = [e["node"]["detail"] for e in final["events"]["edges"]
             if e["node"]["type"] == "AGENT_WOKEN"]
    assert [w["role"] for w in woken] == ["planner", "planner", "evaluator", "analyst"]
    assert all(w["driver"] == "builtin" and w["ok"] and w["runId"] for w in woken)


async def test_the_driver_process_acts_on_the_evals_waiting_for_a_role(app, gql: GraphQLClient
                                                                         ) -> None:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    loop = DriverLoop(agent, Settings(time_scale=0.0))
    assert await loop.poll_once() == [(eval_id, "planner")]
    await loop.wait()
    assert await loop.poll_once() == []  # waiting for approval: nobody's turn
    await operator.execute(APPROVE, {"id": eval_id})
    assert await loop.poll_once() == [(eval_id, "evaluator")]
    await loop.wait()
    assert await loop.poll_once() == [(eval_id, "analyst")]
    await loop.wait()
    assert (await state(gql, eval_id))["status"] == "COMPLETED"


def test_the_role_an_eval_waits_for() -> None:
    def eval_(status: str, planned: int = 0, closed: int = 0) -> dict[str, Any]:
        return {"status": status, "progress": {"sessionsPlanned": planned,
                                               "sessionsClosed": closed}}

    assert role_waiting(eval_("PLANNING")) == "planner"
    assert role_waiting(eval_("PENDING_APPROVAL")) is None
    assert role_waiting(eval_("EXECUTING", 3, 1)) == "evaluator"
    assert role_waiting(eval_("EXECUTING", 3, 3)) == "analyst"
    assert role_waiting(eval_("COMPLETED", 3, 3)) is None


@pytest.mark.parametrize("driver_name", ["builtin"])
async def test_seeding_the_services_leaves_the_demo_eval_waiting_for_approval(
        app, gql: GraphQLClient) -> None:
    operator = in_process_api(app.state.services, "OPERATOR", "demo setup")
    data = await seed_demo(operator)
    assert data is not None and data.scenario_ids and len(data.campaign_ids) == len(
        data.scenario_ids)
    assert data.scorecard_ref == "mia-qa@1"  # the QA scorecard is seeded with the demo
    stored = await gql.execute('{ scorecard(ref: "mia-qa@1") { itemCount } }')
    assert stored["scorecard"]["itemCount"] == 16
    planned = await wait_for(gql, data.eval_id, "PENDING_APPROVAL")
    assert planned["plan"]["estimatedSessions"] == 8
    assert await seed_demo(operator) is None  # never reseeded
    keys = (await gql.execute("{ apiKeys { name revoked } }"))["apiKeys"]
    # In-process clients act with an in-memory identity: no keys pile up in the table.
    assert [k["name"] for k in keys] == ["admin (AGENTEVAL_ADMIN_KEY)"]
