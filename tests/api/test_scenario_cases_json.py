"""`Scenario.casesJson` is exactly what selecting every field of `cases` gives, for every kind
of case the examples hold (turn checks, tool results, simulated users, origins), on both
databases; the scenario editor relies on that to read a big scenario in one leaf."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.graphql_client import GraphQLClient

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scenarios"
ALL_FIELDS = """key type messages expectation ruleLogic rulePassThreshold successThreshold
  partialThreshold tags evalRules { type params weight scope }
  turnChecks { turnIndex expect evalRules { type params weight scope } }
  toolResults simulated { persona goal opening maxTurns stopWhen followUps simulator }
  origin { evalId sessionId findingId findingIndex evalName }"""
IMPORT = "mutation($d: String!) { importScenario(document: $d) { id } }"
BOTH = f"query($id: ID!) {{ scenario(id: $id) {{ casesJson cases {{ {ALL_FIELDS} }} }} }}"


@pytest.mark.parametrize("example", ["per_turn_checks.json", "tool_calls.json",
                                     "simulated_users.json", "complaints.json"])
async def test_cases_json_is_the_full_selection_of_cases(gql: GraphQLClient, example: str) -> None:
    document = json.loads((EXAMPLES / example).read_text())
    scenario = (await gql.execute(IMPORT, {"d": json.dumps(document)}))["importScenario"]["id"]
    both = (await gql.execute(BOTH, {"id": scenario}))["scenario"]
    assert both["cases"] and both["casesJson"] == both["cases"]


async def test_an_origin_whose_eval_is_gone_has_no_name(gql: GraphQLClient) -> None:
    origin = {"eval_id": "00000000-0000-0000-0000-000000000001", "finding_index": 2}
    document = {"name": "drafted", "cases": [{"id": "c", "messages": ["hi"], "origin": origin,
                                              "expectation": {"contains": "hello"}}]}
    scenario = (await gql.execute(IMPORT, {"d": json.dumps(document)}))["importScenario"]["id"]
    both = (await gql.execute(BOTH, {"id": scenario}))["scenario"]
    assert both["casesJson"] == both["cases"]
    assert both["casesJson"][0]["origin"]["evalName"] is None
    assert both["casesJson"][0]["origin"]["findingIndex"] == 2
