"""Per-turn checks and raw responses through the real ASGI app, on both databases."""

from __future__ import annotations

import json
from pathlib import Path

from tests.api.static_helpers import (
    CREATE_CAMPAIGN,
    START_RUN,
    create_target,
    wait_for_run,
)
from tests.support.graphql_client import GraphQLClient

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "scenarios" / "per_turn_checks.json"
CASES = """cases { key messages turnChecks { turnIndex expect evalRules { type params weight scope } }
  evalRules { type scope } }"""
IMPORT = f"mutation($document: String!) {{ importScenario(document: $document) {{ id {CASES} }} }}"
CREATE = f"mutation($input: CreateScenarioInput!) {{ createScenario(input: $input) {{ id {CASES} }} }}"
EXPORT = "query($id: ID!) { scenario(id: $id) { document(format: \"json\") } }"
OUTCOMES = """query($id: ID!) { run(id: $id) { outcomes(first: 50) { edges { node {
  caseKey passed turns { index reply rawResponse }
  results { ruleType implicit passed turnIndex detail } } } } } }"""


async def test_a_per_turn_scenario_imports_exports_and_runs_with_checks_at_their_turn(
        gql: GraphQLClient) -> None:
    text = EXAMPLE.read_text()
    scenario = (await gql.execute(IMPORT, {"document": text}))["importScenario"]
    flow = next(c for c in scenario["cases"] if c["key"] == "repair-then-return-mid-flow")
    assert flow["messages"][2] == "actually I want to return it instead"
    [check] = [c for c in flow["turnChecks"] if c["turnIndex"] == 2]
    assert check["expect"] == {"contains": "return", "not_contains": "phone number"}
    assert check["evalRules"][0]["scope"] == "turn"
    exported = (await gql.execute(EXPORT, {"id": scenario["id"]}))["scenario"]["document"]
    assert json.loads(exported)["cases"][1]["messages"][1] == "I'm Tom Lee"  # plain stays plain
    again = (await gql.execute(IMPORT, {"document": exported}))["importScenario"]
    assert again["cases"] == scenario["cases"]

    target = await create_target(gql)
    campaign = await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "per turn", "scenarioId": scenario["id"], "targetIds": [target]}})
    run_id = (await gql.execute(START_RUN, {"campaignId": campaign["createCampaign"]["id"]}))[
        "startRun"][0]["id"]
    assert (await wait_for_run(gql, run_id))["status"] == "COMPLETED"
    edges = (await gql.execute(OUTCOMES, {"id": run_id}))["run"]["outcomes"]["edges"]
    outcomes = {e["node"]["caseKey"]: e["node"] for e in edges}
    assert outcomes["repair-asks-each-detail-in-turn"]["passed"]
    failed = outcomes["repair-then-return-mid-flow"]
    assert not failed["passed"]
    assert [(r["ruleType"], r["turnIndex"]) for r in failed["results"] if not r["passed"]] == [
        ("keyword_match", None), ("expect_contains", 2), ("expect_not_contains", 2),
        ("keyword_match", 2)]
    assert failed["turns"][0]["rawResponse"] == {
        "reply": "Got it. May I have your name, please?", "actions": []}


TOOLS = EXAMPLE.parent / "tool_calls.json"
TOOL_OUTCOMES = """query($id: ID!) { run(id: $id) { outcomes(first: 50) { edges { node {
  caseKey passed turns { index toolCalls { name arguments } } } } } } }"""


async def test_tool_calls_are_stored_per_turn_and_served(gql: GraphQLClient) -> None:
    scenario = (await gql.execute(IMPORT, {"document": TOOLS.read_text()}))["importScenario"]
    target = await create_target(gql)  # the in-process demo reports its tickets as tool calls
    campaign = await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "tools", "scenarioId": scenario["id"], "targetIds": [target]}})
    run_id = (await gql.execute(START_RUN, {"campaignId": campaign["createCampaign"]["id"]}))[
        "startRun"][0]["id"]
    assert (await wait_for_run(gql, run_id))["status"] == "COMPLETED"
    edges = (await gql.execute(TOOL_OUTCOMES, {"id": run_id}))["run"]["outcomes"]["edges"]
    outcomes = {e["node"]["caseKey"]: e["node"] for e in edges}
    assert outcomes["return-calls-create-ticket-once"]["passed"]
    assert not outcomes["switch-to-return-calls-create-ticket"]["passed"]
    turns = outcomes["return-calls-create-ticket-once"]["turns"]
    assert turns[0]["toolCalls"] == []
    assert turns[1]["toolCalls"] == [{"name": "create_ticket", "arguments": {"kind": "return"}}]


async def test_graphql_inputs_create_turn_checks_beside_the_messages(gql: GraphQLClient) -> None:
    created = (await gql.execute(CREATE, {"input": {"name": "inputs", "cases": [{
        "key": "c", "messages": ["hello", "book a repair"],
        "turnChecks": [{"turnIndex": 1, "expect": {"contains": "name"},
                        "evalRules": [{"type": "keyword_match",
                                       "params": {"keywords": ["name"]}}]}]}]}}))
    [case] = created["createScenario"]["cases"]
    assert case["turnChecks"] == [{"turnIndex": 1, "expect": {"contains": "name"},
                                   "evalRules": [{"type": "keyword_match",
                                                  "params": {"keywords": ["name"]},
                                                  "weight": 1.0, "scope": None}]}]
    error = await gql.error(CREATE, {"input": {"name": "bad", "cases": [{
        "key": "c", "messages": ["hello"], "turnChecks": [{"turnIndex": 4}]}]}})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "input.cases[0].turnChecks[0].turnIndex"
