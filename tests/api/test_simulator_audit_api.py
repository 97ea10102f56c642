"""Simulated users audited, through the real ASGI app on both databases (issue 40): an
attempt whose SIMULATOR keeps inventing an order number is served with its
`simulatorDeviation`, and the run's summary with the simulator figures beside the
contract's; a scripted user that plays the agent is a scenario-authoring error."""

from __future__ import annotations

import json
from typing import Any

from tests.api.static_helpers import CREATE_CAMPAIGN, START_RUN, create_target, wait_for_run
from tests.api.test_simulated_cases_api import CREATE, SET_MODEL
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import GraphQLClient

RUN = """query($id: ID!) { run(id: $id) {
  summary { totalCases errorCount passRate simulatorErrorCount
            passRateExcludingSimulatorErrors passHatKExcludingSimulatorErrors
            simulators { model attempts rerunAttempts reruns errors errorRate } }
  outcomes(first: 50) { edges { node { caseKey passed error
    simulatorDeviation { turn kind reason quote author reruns resolution } } } } } }"""

INVENTING = {"key": "invents", "type": "SIMULATED", "messages": [],
             "persona": {"name": "Li", "phone": "13911027364"}, "goal": "track my fridge",
             "opening": "where is my fridge?", "maxTurns": 3,
             "stopWhen": {"simulator": True}}
SCRIPTED = {"key": "scripted", "type": "SIMULATED", "messages": [], "goal": "book a repair",
            "opening": "I need a repair", "followUps": ["How can I help you today?"],
            "stopWhen": {"phrase": "phone"}}


def inventing_customer(body: Any) -> str:
    said = body["messages"][1]["content"].count("customer: ")
    answer = ({"message": "it is order HC2611119876", "done": False, "reason": None}
              if said < 2 else {"message": "", "done": True, "reason": "done"})
    return json.dumps(answer)


async def _run(gql: GraphQLClient, cases: list[dict[str, Any]]) -> dict[str, Any]:
    created = (await gql.execute(CREATE, {"input": {"name": "sim", "cases": cases}}))[
        "createScenario"]
    target = await create_target(gql)
    campaign = await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "sim", "scenarioId": created["id"], "targetIds": [target]}})
    run_id = (await gql.execute(START_RUN, {
        "campaignId": campaign["createCampaign"]["id"]}))["startRun"][0]["id"]
    assert (await wait_for_run(gql, run_id))["status"] == "COMPLETED"
    return (await gql.execute(RUN, {"id": run_id}))["run"]


async def test_a_simulator_error_is_served_with_its_turn_and_the_summarys_simulator_figures(
        gql: GraphQLClient) -> None:
    async with FakeLLMServer(chat=inventing_customer) as server:
        await gql.execute(SET_MODEL, {"role": "SIMULATOR", "input": {
            "provider": "openai", "model": "sim-1", "baseUrl": server.url,
            "params": {"retries": 0}}})
        run = await _run(gql, [INVENTING])
    [edge] = run["outcomes"]["edges"]
    outcome = edge["node"]
    assert not outcome["passed"] and outcome["error"].startswith("simulator error:")
    assert outcome["simulatorDeviation"] == {
        "turn": 1, "kind": "invented_fact",
        "reason": "states order number 'HC2611119876', which is in none of the persona, the "
                  "goal, the follow-ups or the bot's earlier replies",
        "quote": "it is order HC2611119876", "author": "simulator", "reruns": 2,
        "resolution": "SIMULATOR_ERROR"}
    summary = run["summary"]
    assert (summary["totalCases"], summary["errorCount"], summary["passRate"]) == (1, 1, 0.0)
    assert summary["simulatorErrorCount"] == 1
    assert summary["passRateExcludingSimulatorErrors"] == 0.0  # nothing left to rate
    assert summary["passHatKExcludingSimulatorErrors"] is None  # repeat 1
    assert summary["simulators"] == [{"model": "sim-1", "attempts": 1, "rerunAttempts": 1,
                                      "reruns": 2, "errors": 1, "errorRate": 1.0}]


async def test_a_scripted_user_playing_the_agent_is_a_scenario_error_served_at_the_case(
        gql: GraphQLClient) -> None:
    run = await _run(gql, [SCRIPTED])
    outcome = run["outcomes"]["edges"][0]["node"]
    assert outcome["error"].startswith("scenario-authoring error:")
    deviation = outcome["simulatorDeviation"]
    assert (deviation["turn"], deviation["kind"], deviation["author"], deviation["reruns"],
            deviation["resolution"]) == (1, "role_inversion", "script", 0, "SCENARIO_ERROR")
    summary = run["summary"]
    assert summary["errorCount"] == 1 and summary["simulatorErrorCount"] == 0
    assert summary["simulators"] == []
