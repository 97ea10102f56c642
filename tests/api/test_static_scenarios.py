"""Scenarios, rule types and campaign validation through the real ASGI app."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from agenteval.domain.judging.cases import RuleResult
from agenteval.rules import register_rule, registry_snapshot
from tests.api.static_helpers import (
    CREATE_CAMPAIGN,
    IMPORT_SCENARIO,
    START_RUN,
    create_target,
    document,
    make_key,
)
from tests.support.graphql_client import GraphQLClient

CASE_FIELDS = """id name description caseCount createdAt
  cases { key type messages expectation evalRules { type params weight } ruleLogic
          rulePassThreshold successThreshold partialThreshold tags }"""
CREATE_SCENARIO = f"""mutation($input: CreateScenarioInput!) {{
  createScenario(input: $input) {{ {CASE_FIELDS} }} }}"""
UPDATE_SCENARIO = f"""mutation($id: ID!, $input: UpdateScenarioInput!) {{
  updateScenario(id: $id, input: $input) {{ {CASE_FIELDS} }} }}"""
DELETE_SCENARIO = "mutation($id: ID!) { deleteScenario(id: $id) }"
SCENARIO = f"query($id: ID!) {{ scenario(id: $id) {{ {CASE_FIELDS} }} }}"
SCENARIOS = "query { scenarios { totalCount edges { node { id name caseCount } } } }"
RULE_TYPES = "query { ruleTypes { name description scope modelRole paramsSchema } }"
SET_MODEL = """mutation($input: ModelConfigInput!) {
  setModelConfig(role: JUDGE, input: $input) { role } }"""

KEYWORD_CASE = {"key": "k1", "messages": ["hello"],
                "evalRules": [{"type": "keyword_match", "params": {"keywords": ["echo"]}}],
                "tags": ["smoke"]}


@pytest.fixture
def judge_rule() -> Iterator[None]:
    """A fake JUDGE rule (the real ones land with model-backed judging)."""
    with registry_snapshot():
        @register_rule(name="fake_judge", description="needs a judge", model_role="JUDGE",
                       params_schema={"type": "object", "properties": {}})
        class FakeJudge:
            def __init__(self, **params: Any) -> None:
                self.params = params

            async def evaluate(self, case: Any, dialog: Any, models: Any) -> RuleResult:
                return RuleResult("fake_judge", True, 1.0)

        yield


async def scenario_count(gql: GraphQLClient) -> int:
    return (await gql.execute(SCENARIOS))["scenarios"]["totalCount"]


async def test_rule_types_lists_the_built_in_rules(gql: GraphQLClient) -> None:
    types = {t["name"]: t for t in (await gql.execute(RULE_TYPES))["ruleTypes"]}
    assert {"keyword_match", "response_time", "json_schema"} <= types.keys()
    assert types["keyword_match"]["scope"] == "last_turn"
    assert types["keyword_match"]["modelRole"] is None
    assert "keywords" in types["keyword_match"]["paramsSchema"]["properties"]


async def test_create_scenario_returns_the_cases_with_defaults(gql: GraphQLClient) -> None:
    data = await gql.execute(CREATE_SCENARIO, {"input": {"name": " Smoke ", "cases": [
        KEYWORD_CASE, {"key": "k2", "messages": ["a", "b"], "expectation": {"contains": "x"},
                       "ruleLogic": "ANY"}]}})
    scenario = data["createScenario"]
    assert scenario["name"] == "Smoke" and scenario["caseCount"] == 2
    first, second = scenario["cases"]
    assert first == {"key": "k1", "type": "SINGLE_TURN", "messages": ["hello"],
                     "expectation": None,
                     "evalRules": [{"type": "keyword_match", "params": {"keywords": ["echo"]},
                                    "weight": 1.0}],
                     "ruleLogic": "ALL", "rulePassThreshold": 0.7, "successThreshold": 0.8,
                     "partialThreshold": 0.5, "tags": ["smoke"]}
    assert second["type"] == "MULTI_TURN" and second["ruleLogic"] == "ANY"
    assert second["expectation"] == {"contains": "x"}
    stored = await gql.execute(SCENARIO, {"id": scenario["id"]})
    assert stored["scenario"] == scenario


async def test_create_scenario_lists_every_bad_field_and_stores_nothing(
        gql: GraphQLClient) -> None:
    error = await gql.error(CREATE_SCENARIO, {"input": {"name": "bad", "cases": [
        {"key": "a", "messages": [], "evalRules": [{"type": "no_such_rule"}]},
        {"key": "b", "messages": ["hi"],
         "evalRules": [{"type": "keyword_match", "params": {"keywords": "x"}}]},
        {"key": "a", "messages": ["hi"], "expectation": {"contains": ""}}]}})
    assert error.code == "VALIDATION_FAILED"
    paths = {d["path"] for d in error.details}
    assert paths == {"input.cases[0].messages", "input.cases[0].evalRules[0].type",
                     "input.cases[1].evalRules[0].params.keywords",
                     "input.cases[2].key", "input.cases[2].expectation.contains"}
    assert await scenario_count(gql) == 0


async def test_import_scenario_accepts_json_and_yaml(gql: GraphQLClient) -> None:
    as_json = document([{"id": "c1", "message": "hi", "eval_rules": [
        {"type": "response_time", "params": {"max_ms": 500}}]}], name="json one")
    as_yaml = "name: yaml one\ncases:\n  - id: c1\n    messages: [hi, there]\n"
    first = (await gql.execute(IMPORT_SCENARIO, {"document": as_json}))["importScenario"]
    second = (await gql.execute(IMPORT_SCENARIO, {"document": as_yaml}))["importScenario"]
    assert (first["name"], first["caseCount"]) == ("json one", 1)
    assert (second["name"], second["caseCount"]) == ("yaml one", 1)


@pytest.mark.parametrize(("text", "paths"), [
    ("{not json", {"document"}),
    ("just a string", {"document"}),
    (json.dumps({"name": "x", "cases": [{"id": "c", "messages": ["hi"], "eval_rules": [
        {"type": "response_time", "params": {"max_ms": -1}}]}]}),
     {"cases[0].eval_rules[0].params.max_ms"}),
    (json.dumps({"name": "x", "cases": [{"id": "c", "messages": [""]},
                                        {"id": "d", "messages": ["a"], "rule_logic": "most"}]}),
     {"cases[0].messages[0]", "cases[1].rule_logic"}),
    (json.dumps({"name": 3, "cases": []}), {"name", "cases"}),
])
async def test_import_errors_name_the_paths_and_store_nothing(
        gql: GraphQLClient, text: str, paths: set[str]) -> None:
    error = await gql.error(IMPORT_SCENARIO, {"document": text})
    assert error.code == "VALIDATION_FAILED"
    assert {d["path"] for d in error.details} == paths
    assert await scenario_count(gql) == 0


async def test_judge_rules_are_refused_without_a_judge_model(
        gql: GraphQLClient, judge_rule: None) -> None:
    text = document([{"id": "c", "messages": ["hi"], "eval_rules": [{"type": "fake_judge"}]}])
    error = await gql.error(IMPORT_SCENARIO, {"document": text})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "cases[0].eval_rules[0].type"
    assert "JUDGE" in error.details[0]["message"]


async def test_create_campaign_rechecks_judge_rules_against_todays_models(
        gql: GraphQLClient, judge_rule: None) -> None:
    await gql.execute(SET_MODEL, {"input": {"provider": "openai", "model": "judge",
                                            "baseUrl": "http://127.0.0.1:9/v1"}})
    text = document([{"id": "c", "messages": ["hi"], "eval_rules": [{"type": "fake_judge"}]}])
    scenario = (await gql.execute(IMPORT_SCENARIO, {"document": text}))["importScenario"]
    from agenteval.store.models import ModelConfig

    await ModelConfig.filter(role="JUDGE").delete()
    target = await create_target(gql)
    error = await gql.error(CREATE_CAMPAIGN, {"input": {
        "name": "c", "scenarioId": scenario["id"], "targetIds": [target]}})
    assert error.code == "VALIDATION_FAILED"
    assert "JUDGE" in error.details[0]["message"]


async def test_update_scenario_replaces_all_cases(gql: GraphQLClient) -> None:
    created = (await gql.execute(CREATE_SCENARIO, {"input": {
        "name": "s", "description": "d", "cases": [KEYWORD_CASE]}}))["createScenario"]
    updated = (await gql.execute(UPDATE_SCENARIO, {"id": created["id"], "input": {
        "name": "renamed", "cases": [{"key": "n1", "messages": ["x"]},
                                     {"key": "n2", "messages": ["y"]}]}}))["updateScenario"]
    assert updated["name"] == "renamed" and updated["description"] == "d"
    assert [c["key"] for c in updated["cases"]] == ["n1", "n2"]
    error = await gql.error(UPDATE_SCENARIO, {"id": created["id"], "input": {
        "cases": [{"key": "n1", "messages": []}]}})
    assert error.details == [{"path": "input.cases[0].messages",
                              "message": error.details[0]["message"]}]
    again = await gql.execute(SCENARIO, {"id": created["id"]})
    assert [c["key"] for c in again["scenario"]["cases"]] == ["n1", "n2"]


async def test_delete_scenario_conflicts_while_a_campaign_uses_it(gql: GraphQLClient) -> None:
    used = (await gql.execute(CREATE_SCENARIO, {"input": {
        "name": "used", "cases": [KEYWORD_CASE]}}))["createScenario"]
    free = (await gql.execute(CREATE_SCENARIO, {"input": {
        "name": "free", "cases": [KEYWORD_CASE]}}))["createScenario"]
    target = await create_target(gql)
    await gql.execute(CREATE_CAMPAIGN, {"input": {"name": "c", "scenarioId": used["id"],
                                                  "targetIds": [target]}})
    assert (await gql.error(DELETE_SCENARIO, {"id": used["id"]})).code == "CONFLICT"
    assert (await gql.execute(DELETE_SCENARIO, {"id": free["id"]}))["deleteScenario"] == free["id"]
    assert (await gql.execute(SCENARIO, {"id": free["id"]}))["scenario"] is None
    assert (await gql.execute(SCENARIO, {"id": used["id"]}))["scenario"]["name"] == "used"


async def test_create_campaign_validates_every_field(gql: GraphQLClient) -> None:
    error = await gql.error(CREATE_CAMPAIGN, {"input": {
        "name": "", "scenarioId": "nope", "targetIds": [], "repeat": 0, "concurrency": 0}})
    assert error.code == "VALIDATION_FAILED"
    assert {d["path"] for d in error.details} == {
        "input.name", "input.scenarioId", "input.targetIds", "input.repeat", "input.concurrency"}


async def test_start_run_refuses_a_target_outside_the_campaign(gql: GraphQLClient) -> None:
    scenario = (await gql.execute(CREATE_SCENARIO, {"input": {
        "name": "s", "cases": [KEYWORD_CASE]}}))["createScenario"]
    inside, outside = await create_target(gql), await create_target(gql, name="other")
    campaign = (await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "c", "scenarioId": scenario["id"], "targetIds": [inside]}}))["createCampaign"]
    assert campaign["targets"] == [{"id": inside}] and campaign["repeat"] == 1
    error = await gql.error(START_RUN, {"campaignId": campaign["id"], "targetId": outside})
    assert error.code == "VALIDATION_FAILED" and error.details[0]["path"] == "targetId"


async def test_roles_viewer_cannot_create_and_agent_cannot_start_runs(gql: GraphQLClient) -> None:
    viewer, agent = await make_key(gql, "VIEWER"), await make_key(gql, "AGENT")
    input_ = {"input": {"name": "s", "cases": [KEYWORD_CASE]}}
    assert (await viewer.error(CREATE_SCENARIO, input_)).code == "FORBIDDEN"
    scenario = (await gql.execute(CREATE_SCENARIO, input_))["createScenario"]
    target = await create_target(gql)
    campaign = (await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "c", "scenarioId": scenario["id"], "targetIds": [target]}}))["createCampaign"]
    assert (await agent.error(START_RUN, {"campaignId": campaign["id"]})).code == "FORBIDDEN"
    assert (await viewer.execute(SCENARIOS))["scenarios"]["totalCount"] == 1
