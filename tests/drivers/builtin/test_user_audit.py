"""The built-in driver's model-played virtual users are audited like simulated cases'
(issue 40): a session whose user deviated is marked in its verdict's provenance, and a
finding whose evidence rests on a deviated user turn is flagged in the report."""

from __future__ import annotations

import json
from typing import Any

from agenteval.config import Settings
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.runner import drive
from agenteval.drivers.builtin.transport import AsgiTransport
from tests.drivers.builtin.test_lifecycle import APPROVE, demo_eval, key
from tests.drivers.builtin.test_llm_mode import PLAN, registry, system_prompt
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import GraphQLClient

SESSIONS = """query($id: ID!) { intelligentEval(id: $id) { status reportMarkdown
  sessions(first: 10) { edges { node { id verdict { provenance } } } } } }"""
PERSONA = {"name": "李娜", "patience": "low", "phone": "13800138000"}


def players(customer: list[str]) -> Any:
    """Plays each role; the customer says `customer` in turn; the analyst cites turn 2."""
    def respond(body: dict[str, Any]) -> str:
        prompt = system_prompt(body)
        if prompt.startswith("You plan"):
            return json.dumps({**PLAN, "virtualUsers": [{**PLAN["virtualUsers"][0],
                                                         "persona": PERSONA,
                                                         "goal": "预约冰箱维修"}]})
        if prompt.startswith("You play a customer"):
            said = body["messages"][1]["content"].count("customer:")
            if said >= len(customer):
                return json.dumps({"message": "", "done": True, "reason": "booked"})
            return json.dumps({"message": customer[said], "done": False})
        if prompt.startswith("You judge"):
            return json.dumps({"goalAchieved": True, "achievement": 1.0, "issues": []})
        sessions = json.loads(body["messages"][1]["content"])["sessions"]
        return json.dumps({"summary": "s", "findings": [
            {"issue": "No visit time asked", "severity": "HIGH", "dimension": "booking",
             "suggestion": "Ask for a time", "evidence": [
                 {"sessionId": sessions[0]["sessionId"], "turnIndex": 2}]}]})
    return respond


async def _drive(app: Any, gql: GraphQLClient, customer: list[str]) -> dict[str, Any]:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    settings = Settings(time_scale=0.0)
    async with FakeLLMServer(chat=players(customer)) as server, \
            registry(server, "PLANNER", "SIMULATOR", "ANALYST") as models:
        await drive(agent, eval_id, "planner", settings, models)
        await operator.execute(APPROVE, {"id": eval_id})
        await drive(agent, eval_id, "evaluator", settings, models)
        await drive(agent, eval_id, "analyst", settings, models)
    return (await gql.execute(SESSIONS, {"id": eval_id}))["intelligentEval"]


async def test_a_virtual_user_that_invents_an_order_number_is_marked_and_its_evidence_flagged(
        app, gql: GraphQLClient) -> None:
    final = await _drive(app, gql, ["我家冰箱坏了，不制冷", "我叫李娜",
                                    "电话 13800138000，订单号 HC2611119876"])
    assert final["status"] == "COMPLETED"
    [session] = final["sessions"]["edges"]
    simulator = session["node"]["verdict"]["provenance"]["simulator"]
    [deviation] = simulator["deviations"]
    assert (deviation["turn"], deviation["kind"]) == (2, "invented_fact")
    assert "HC2611119876" in deviation["reason"]
    markdown = final["reportMarkdown"]
    assert "⚠ The simulated user deviated at this turn (invented_fact" in markdown
    assert "**1 of 1 evidence quotes rest on a turn where the simulated user deviated**" \
        in markdown
    assert "Sessions whose simulated user deviated" in markdown and ", turn 3 (invented_fact)" \
        in markdown


async def test_a_virtual_user_that_behaves_is_not_marked(app, gql: GraphQLClient) -> None:
    final = await _drive(app, gql, ["我家冰箱坏了，不制冷", "我叫李娜", "电话 13800138000"])
    [session] = final["sessions"]["edges"]
    assert "deviations" not in session["node"]["verdict"]["provenance"]["simulator"]
    assert "deviated" not in final["reportMarkdown"]
