"""Simulated cases through the real ASGI app, on both databases: refused without a
SIMULATOR (nothing stored), accepted with one, run against the demo bot with a SIMULATOR
served by a local OpenAI-compatible server; authors and the stop reason are served."""

from __future__ import annotations

import json
from typing import Any

from tests.api.static_helpers import CREATE_CAMPAIGN, START_RUN, create_target, wait_for_run
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import GraphQLClient

CREATE = """mutation($input: CreateScenarioInput!) { createScenario(input: $input) {
  id cases { key type messages simulated { persona goal opening maxTurns stopWhen followUps
  simulator } } } }"""
SCENARIOS = "query { scenarios { totalCount } }"
SET_MODEL = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""
EXPORT = "query($id: ID!) { scenario(id: $id) { document(format: \"json\") } }"
OUTCOMES = """query($id: ID!) { run(id: $id) { outcomes(first: 50) { edges { node {
  caseKey passed error simulation turns { index sentMessage reply author } } } } } }"""

MODEL_CASE = {"key": "by-model", "type": "SIMULATED", "messages": [],
              "persona": {"name": "Li", "patience": "high"},
              "goal": "return the fridge", "opening": "my fridge is broken", "maxTurns": 4}
SCRIPT_CASE = {"key": "by-script", "type": "SIMULATED", "messages": [],
               "goal": "book a repair", "opening": "I need a repair",
               "followUps": ["I'm Tom Lee"], "stopWhen": {"phrase": "phone"},
               "expectation": {"contains": "phone"}}


def customer(body: Any) -> str:
    """Asks for a return once, then says it is done."""
    said = body["messages"][1]["content"].count("customer: ")
    answer = ({"message": "actually I want to return it instead", "done": False,
               "reason": None} if said < 2 else
              {"message": "", "done": True, "reason": "gave up: it keeps asking my name"})
    return json.dumps(answer)


async def test_a_simulated_case_needing_a_model_is_refused_without_a_simulator(
        gql: GraphQLClient) -> None:
    error = await gql.error(CREATE, {"input": {"name": "sim", "cases": [MODEL_CASE]}})
    assert error.code == "VALIDATION_FAILED"
    assert [d["path"] for d in error.details] == ["input.cases[0].simulator"]
    assert "needs a SIMULATOR model" in error.details[0]["message"]
    assert (await gql.execute(SCENARIOS))["scenarios"]["totalCount"] == 0
    bad = await gql.error(CREATE, {"input": {"name": "sim", "cases": [{
        **SCRIPT_CASE, "messages": ["hi"], "turnChecks": [{"turnIndex": 0}]}]}})
    assert {d["path"] for d in bad.details} == {"input.cases[0].messages",
                                                "input.cases[0].turnChecks"}
    assert any("per-turn checks do not apply" in d["message"] for d in bad.details)
    assert (await gql.execute(SCENARIOS))["scenarios"]["totalCount"] == 0


async def test_with_a_simulator_the_case_is_saved_run_and_its_authors_served(
        gql: GraphQLClient) -> None:
    async with FakeLLMServer(chat=customer) as server:
        await gql.execute(SET_MODEL, {"role": "SIMULATOR", "input": {
            "provider": "openai", "model": "sim-1", "baseUrl": server.url,
            "params": {"retries": 0}}})
        created = (await gql.execute(CREATE, {"input": {
            "name": "sim", "cases": [MODEL_CASE, SCRIPT_CASE]}}))["createScenario"]
        model_case, script_case = created["cases"]
        assert model_case["type"] == "SIMULATED" and model_case["messages"] == []
        assert model_case["simulated"] == {
            "persona": {"name": "Li", "patience": "high"}, "goal": "return the fridge",
            "opening": "my fridge is broken", "maxTurns": 4, "stopWhen": {"simulator": True},
            "followUps": [], "simulator": "model"}
        assert script_case["simulated"]["simulator"] == "script"
        exported = json.loads((await gql.execute(EXPORT, {"id": created["id"]}))[
            "scenario"]["document"])
        assert "messages" not in exported["cases"][0]
        assert exported["cases"][1]["follow_ups"] == ["I'm Tom Lee"]

        target = await create_target(gql)
        campaign = await gql.execute(CREATE_CAMPAIGN, {"input": {
            "name": "sim", "scenarioId": created["id"], "targetIds": [target]}})
        run_id = (await gql.execute(START_RUN, {
            "campaignId": campaign["createCampaign"]["id"]}))["startRun"][0]["id"]
        assert (await wait_for_run(gql, run_id))["status"] == "COMPLETED"
        edges = (await gql.execute(OUTCOMES, {"id": run_id}))["run"]["outcomes"]["edges"]
    outcomes = {e["node"]["caseKey"]: e["node"] for e in edges}
    played = outcomes["by-model"]
    assert [(t["author"], t["sentMessage"]) for t in played["turns"]] == [
        ("case", "my fridge is broken"), ("simulator", "actually I want to return it instead")]
    assert played["simulation"] == {"simulator": "model", "model": "sim-1",
                                    "stop": "simulator_done",
                                    "detail": "gave up: it keeps asking my name", "turns": 2}
    assert played["error"] is None
    scripted = outcomes["by-script"]
    assert [t["author"] for t in scripted["turns"]] == ["case", "script"]
    assert scripted["passed"] and scripted["simulation"]["stop"] == "phrase"
