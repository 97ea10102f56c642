"""Findings and sessions become regression cases: the real app, the demo eval run to its report
by the built-in driver, the demo bot as the target; on both databases."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.applications import Starlette

from agenteval.config import Settings
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.runner import drive
from agenteval.drivers.builtin.transport import AsgiTransport
from tests.api.static_helpers import CREATE_CAMPAIGN, START_RUN, create_target, wait_for_run
from tests.drivers.builtin.test_lifecycle import APPROVE, demo_eval, key
from tests.support.graphql_client import GraphQLClient

FINDINGS = """query($id: ID!) { intelligentEval(id: $id) { reportMarkdown
  report { findings { id index issue dimension evidence { sessionId turnIndex } } }
  sessions(first: 50) { edges { node { id } } } } }"""
CASE_FIELDS = """key type messages expectation ruleLogic rulePassThreshold successThreshold
  partialThreshold tags evalRules { type params weight scope }
  turnChecks { turnIndex expect evalRules { type params weight scope } }
  origin { evalId sessionId findingId findingIndex evalName }"""
DRAFT_FIELDS = f"case {{ {CASE_FIELDS} }} scenarioId scenarioName notes"
FROM_FINDING = f"""mutation($findingId: ID!, $scenarioId: ID, $name: String) {{
  createCaseFromFinding(findingId: $findingId, scenarioId: $scenarioId,
                        newScenarioName: $name) {{ {DRAFT_FIELDS} }} }}"""
FROM_SESSION = f"""mutation($sessionId: ID!, $upTo: Int, $scenarioId: ID, $name: String) {{
  createCaseFromSession(sessionId: $sessionId, upToTurn: $upTo, scenarioId: $scenarioId,
                        newScenarioName: $name) {{ {DRAFT_FIELDS} }} }}"""
CREATE_SCENARIO = f"""mutation($input: CreateScenarioInput!) {{
  createScenario(input: $input) {{ id cases {{ {CASE_FIELDS} }} }} }}"""
UPDATE_SCENARIO = f"""mutation($id: ID!, $input: UpdateScenarioInput!) {{
  updateScenario(id: $id, input: $input) {{ id cases {{ {CASE_FIELDS} }} }} }}"""
EXPORT = "query($id: ID!) { scenario(id: $id) { document(format: \"json\") } }"
IMPORT = "mutation($document: String!) { importScenario(document: $document) { id } }"
OUTCOMES = """query($id: ID!) { run(id: $id) { reportMarkdown outcomes(first: 50) { edges { node {
  caseKey passed results { ruleType passed turnIndex detail }
  origin { evalId findingIndex evalName } } } } } }"""
SET_MODEL_CONFIG = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""
LOST_CONTEXT = "Lost context after a valid answer"


@pytest.fixture
def settings(database_url: str) -> Settings:
    from tests.support.graphql_client import ADMIN_KEY
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    time_scale=0.0)


async def demo_report(app: Starlette, gql: GraphQLClient) -> str:
    """The demo eval run to its report by the scripted built-in driver; its id."""
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    settings = Settings(time_scale=0.0)
    await drive(agent, eval_id, "planner", settings)
    await operator.execute(APPROVE, {"id": eval_id})
    await drive(agent, eval_id, "evaluator", settings)
    await drive(agent, eval_id, "analyst", settings)
    return eval_id


def case_input(case: dict[str, Any]) -> dict[str, Any]:
    """A served Case as the CaseInput that saves it (what the scenario editor sends)."""
    origin = {k: v for k, v in case["origin"].items() if k != "evalName"}
    return {**{k: v for k, v in case.items() if k != "origin"}, "origin": origin}


async def findings_of(gql: GraphQLClient, eval_id: str) -> dict[str, Any]:
    return (await gql.execute(FINDINGS, {"id": eval_id}))["intelligentEval"]


async def test_the_lost_context_finding_becomes_a_case_that_fails_for_that_reason_and_links_back(
        app: Starlette, gql: GraphQLClient) -> None:
    eval_id = await demo_report(app, gql)
    findings = (await findings_of(gql, eval_id))["report"]["findings"]
    finding = next(f for f in findings if f["issue"].startswith(LOST_CONTEXT))
    assert finding["id"] == f"{eval_id}:{finding['index']}"

    draft = (await gql.execute(FROM_FINDING, {"findingId": finding["id"],
                                              "name": "Regressions"}))["createCaseFromFinding"]
    assert draft["scenarioId"] is None and draft["scenarioName"] == "Regressions"
    case = draft["case"]
    evidence = finding["evidence"][0]
    assert len(case["messages"]) == evidence["turnIndex"] + 1 and case["type"] == "MULTI_TURN"
    assert case["tags"] == [finding["dimension"]]
    [check] = case["turnChecks"]
    assert check["turnIndex"] == evidence["turnIndex"] and check["evalRules"] == []
    # Mia's fallback in the language of the session the first evidence comes from (the
    # sessions start at once, so which one is first varies).
    assert check["expect"] in ({"not_contains": "我没太明白您的意思"},
                               {"not_contains": "I didn't quite get that"})
    assert any("No JUDGE model is configured" in note for note in draft["notes"])
    assert case["origin"] == {"evalId": eval_id, "sessionId": evidence["sessionId"],
                              "findingId": finding["id"], "findingIndex": finding["index"],
                              "evalName": "demo"}

    scenario = (await gql.execute(CREATE_SCENARIO, {"input": {
        "name": draft["scenarioName"], "cases": [case_input(case)]}}))["createScenario"]
    assert scenario["cases"][0]["origin"] == case["origin"]
    exported = (await gql.execute(EXPORT, {"id": scenario["id"]}))["scenario"]["document"]
    assert json.loads(exported)["cases"][0]["origin"]["finding_index"] == finding["index"]
    assert (await gql.execute(IMPORT, {"document": exported}))["importScenario"]["id"]

    target = await create_target(gql)
    campaign = (await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "regression", "scenarioId": scenario["id"], "targetIds": [target]}}))
    run_id = (await gql.execute(START_RUN, {"campaignId": campaign["createCampaign"]["id"]}))[
        "startRun"][0]["id"]
    assert (await wait_for_run(gql, run_id))["status"] == "COMPLETED"
    run = (await gql.execute(OUTCOMES, {"id": run_id}))["run"]
    [edge] = run["outcomes"]["edges"]
    outcome = edge["node"]
    assert not outcome["passed"]
    assert [(r["ruleType"], r["turnIndex"]) for r in outcome["results"] if not r["passed"]] == [
        ("expect_not_contains", evidence["turnIndex"])]
    assert outcome["origin"] == {"evalId": eval_id, "findingIndex": finding["index"],
                                 "evalName": "demo"}
    number = finding["index"] + 1
    assert (f"- `{case['key']}` — finding #{number} of eval [demo](/evals/{eval_id}/report) "
            f"({finding['issue']}): **still failing** (0 of 1 attempt(s) passed)"
            ) in run["reportMarkdown"]

    markdown = (await findings_of(gql, eval_id))["reportMarkdown"]
    section = markdown[markdown.index("## Regression cases"):].split("\n## ")[0]
    assert f"Finding #{number} ({finding['issue']}): case `{case['key']}`" in section
    assert section.count(f"case `{case['key']}` of scenario Regressions") == 2  # + the import
    assert f"1 of {len(findings)} finding(s) have a regression case" in section


async def test_a_draft_for_an_existing_scenario_takes_a_free_key_and_keeps_old_cases_as_they_were(
        app: Starlette, gql: GraphQLClient) -> None:
    eval_id = await demo_report(app, gql)
    finding = (await findings_of(gql, eval_id))["report"]["findings"][0]
    plain = {"key": "finding-1", "messages": ["hi"], "expectation": {"contains": "hi"}}
    scenario = (await gql.execute(CREATE_SCENARIO, {"input": {
        "name": "old", "cases": [plain]}}))["createScenario"]
    before = (await gql.execute(EXPORT, {"id": scenario["id"]}))["scenario"]["document"]
    draft = (await gql.execute(FROM_FINDING, {"findingId": finding["id"],
                                              "scenarioId": scenario["id"]}))[
        "createCaseFromFinding"]
    assert draft["scenarioId"] == scenario["id"] and draft["scenarioName"] == "old"
    assert draft["case"]["key"] == "finding-1-2"
    assert (await gql.execute(EXPORT, {"id": scenario["id"]}))["scenario"]["document"] == before
    saved = (await gql.execute(UPDATE_SCENARIO, {"id": scenario["id"], "input": {
        "cases": [plain, case_input(draft["case"])]}}))["updateScenario"]
    assert [c["origin"] is None for c in saved["cases"]] == [True, False]
    exported = json.loads((await gql.execute(EXPORT, {"id": scenario["id"]}))["scenario"][
        "document"])
    assert exported["cases"][0] == json.loads(before)["cases"][0]  # no origin key added


async def test_with_a_judge_the_finding_and_the_session_get_an_llm_score_on_their_turn(
        app: Starlette, gql: GraphQLClient) -> None:
    eval_id = await demo_report(app, gql)
    data = await findings_of(gql, eval_id)
    await gql.execute(SET_MODEL_CONFIG, {"role": "JUDGE", "input": {
        "provider": "openai", "baseUrl": "http://127.0.0.1:9/v1", "model": "judge"}})
    finding = next(f for f in data["report"]["findings"] if f["issue"].startswith(LOST_CONTEXT))
    draft = (await gql.execute(FROM_FINDING, {"findingId": finding["id"], "name": "r"}))[
        "createCaseFromFinding"]
    [rule] = draft["case"]["turnChecks"][0]["evalRules"]
    assert rule["type"] == "llm_score" and LOST_CONTEXT in rule["params"]["criteria"]
    assert not any("JUDGE" in note for note in draft["notes"])

    session_id = finding["evidence"][0]["sessionId"]
    drafted = (await gql.execute(FROM_SESSION, {"sessionId": session_id, "upTo": 1,
                                                "name": "r"}))["createCaseFromSession"]
    case = drafted["case"]
    assert len(case["messages"]) == 2 and case["origin"]["findingId"] is None
    assert case["origin"]["sessionId"] == session_id
    assert [c["evalRules"][0]["type"] for c in case["turnChecks"]] == ["llm_score"]
    saved = (await gql.execute(CREATE_SCENARIO, {"input": {
        "name": "from a session", "cases": [case_input(case)]}}))["createScenario"]
    assert saved["cases"][0]["origin"]["sessionId"] == session_id


async def test_bad_drafting_requests_are_refused_with_their_code_and_change_nothing(
        app: Starlette, gql: GraphQLClient) -> None:
    eval_id = await demo_report(app, gql)
    data = await findings_of(gql, eval_id)
    finding = data["report"]["findings"][0]
    session_id = data["sessions"]["edges"][0]["node"]["id"]
    missing = "00000000-0000-4000-8000-000000000000"
    cases = [
        (FROM_FINDING, {"findingId": finding["id"]}, "VALIDATION_FAILED", "scenarioId"),
        (FROM_FINDING, {"findingId": finding["id"], "name": "x", "scenarioId": missing},
         "VALIDATION_FAILED", "scenarioId"),
        (FROM_FINDING, {"findingId": finding["id"], "name": "  "}, "VALIDATION_FAILED",
         "newScenarioName"),
        (FROM_FINDING, {"findingId": "not-a-finding", "name": "x"}, "VALIDATION_FAILED",
         "findingId"),
        (FROM_FINDING, {"findingId": f"{missing}:0", "name": "x"}, "NOT_FOUND", None),
        (FROM_FINDING, {"findingId": f"{eval_id}:99", "name": "x"}, "NOT_FOUND", None),
        (FROM_FINDING, {"findingId": finding["id"], "scenarioId": missing}, "NOT_FOUND", None),
        (FROM_SESSION, {"sessionId": missing, "name": "x"}, "NOT_FOUND", None),
        (FROM_SESSION, {"sessionId": session_id, "upTo": 99, "name": "x"},
         "VALIDATION_FAILED", "upToTurn"),
        (FROM_SESSION, {"sessionId": session_id, "upTo": -1, "name": "x"},
         "VALIDATION_FAILED", "upToTurn"),
    ]
    for document, variables, code, path in cases:
        error = await gql.error(document, variables)
        assert error.code == code, (variables, error.message)
        if path is not None:
            assert [d["path"] for d in error.details] == [path], variables
    viewer = gql.with_key(await key(gql, "VIEWER"))
    error = await viewer.error(FROM_FINDING, {"findingId": finding["id"], "name": "x"})
    assert error.code == "FORBIDDEN"
    scenarios = await gql.execute("{ scenarios { totalCount } }")
    assert scenarios["scenarios"]["totalCount"] == 0
