"""The built-in driver says who produced what: stored with the plan, sessions and report."""

from __future__ import annotations

import pytest

from agenteval.config import Settings
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.provenance import ModelFallbackRefused, Trail, fallback_mode
from agenteval.drivers.builtin.runner import drive
from agenteval.drivers.builtin.transport import AsgiTransport
from agenteval.llm import ModelEndpoint, ModelRegistry
from tests.drivers.builtin.test_lifecycle import APPROVE, demo_eval, key
from tests.drivers.builtin.test_llm_mode import role_player
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import GraphQLClient

STORED = """query($id: ID!) { intelligentEval(id: $id) {
  status reportMarkdown plan { provenance } report { provenance }
  sessions(first: 50) { edges { node { verdict { provenance } } } } } }"""


def registry(server: FakeLLMServer, *roles: str) -> ModelRegistry:
    return ModelRegistry([ModelEndpoint(role=role, model="smollm2",  # type: ignore[arg-type]
                                        base_url=server.url, params={"retries": 0})
                          for role in roles])


def refusing_planner(body):
    """Plays SIMULATOR and ANALYST, but answers the planner with no JSON at all."""
    if body["messages"][0]["content"].startswith("You plan"):
        return "I cannot plan."
    return role_player(body)


async def test_a_planner_that_fails_is_disclosed_and_the_rest_says_model(
        app, gql: GraphQLClient) -> None:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    settings = Settings(time_scale=0.0)
    async with FakeLLMServer(chat=refusing_planner) as server, \
            registry(server, "PLANNER", "SIMULATOR", "ANALYST") as models:
        planned = await drive(agent, eval_id, "planner", settings, models)
        await operator.execute(APPROVE, {"id": eval_id})
        await drive(agent, eval_id, "evaluator", settings, models)
        await drive(agent, eval_id, "analyst", settings, models)
    assert planned.detail["mode"] == "scripted"

    final = (await gql.execute(STORED, {"id": eval_id}))["intelligentEval"]
    plan = final["plan"]["provenance"]
    assert (plan["source"], plan["model"], plan["reason"]) == ("script", "smollm2",
                                                               "invalid_output")
    assert "invalid answer after a corrective retry" in plan["detail"]
    assert final["report"]["provenance"]["source"] == "model"
    verdicts = [edge["node"]["verdict"]["provenance"] for edge in final["sessions"]["edges"]]
    assert verdicts and all(v["verdict"]["source"] == "model" and
                            v["simulator"]["source"] == "model" for v in verdicts)
    method = final["reportMarkdown"].split("## Method")[1].split("\n## ")[0]
    assert ("- **Planner:** an agent through the API; plan by the script: model `smollm2` gave an "
            "invalid answer (PLANNER model smollm2 at") in method
    assert "- **Evaluator:** an agent through the API; virtual users by model `smollm2`; verdicts " \
           "by model `smollm2`" in method
    assert "- **Analyst:** an agent through the API; report by model `smollm2`" in method


async def test_with_fallback_fail_the_planner_stops_on_the_models_error(
        app, gql: GraphQLClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENTEVAL_DRIVER_FALLBACK", "fail")
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    async with FakeLLMServer(chat=refusing_planner) as server, \
            registry(server, "PLANNER") as models:
        with pytest.raises(ModelFallbackRefused) as caught:
            await drive(agent, eval_id, "planner", Settings(time_scale=0.0), models)
    assert "invalid_output" in str(caught.value)
    state = (await gql.execute(STORED, {"id": eval_id}))["intelligentEval"]
    assert state["status"] == "PLANNING" and state["plan"] is None  # no scripted plan sent


def test_a_role_without_a_model_uses_the_script_even_with_fallback_fail() -> None:
    trail = Trail("plan", None, fallback="fail")
    trail.used_script("not_configured")
    assert trail.as_json()["reason"] == "not_configured"
    with pytest.raises(ValueError):
        fallback_mode({"AGENTEVAL_DRIVER_FALLBACK": "maybe"})
