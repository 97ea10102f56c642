"""Compare after a scenario edit: the bot's replies are the same, so the edited case is no
improvement; compareRuns names it and leaves it out of the diffs and the significance test."""

from __future__ import annotations

from tests.api.static_helpers import (
    CREATE_CAMPAIGN,
    IMPORT_SCENARIO,
    START_RUN,
    create_target,
    document,
    wait_for_run,
)
from tests.api.test_static_scenarios import UPDATE_SCENARIO
from tests.support.graphql_client import GraphQLClient

COMPARE = """query($base: ID!, $head: ID!) { compareRuns(baseRunId: $base, headRunId: $head) {
  unchangedCount warnings markdown significance { pValue }
  regressions { caseKey } improvements { caseKey }
  changedCases { caseKey definitionChanged judgeChanged } } }"""
CASES = [{"id": "booking", "messages": ["我家空调坏了，想预约维修", "我叫张三", "电话是 13800138000",
                                         "地址是朝阳区建国路 88 号"],
          "expectation": {"contains": "预约成功"}},
         {"id": "complaint", "messages": ["我要投诉"], "expectation": {"contains": "抱歉"}}]


async def run_once(gql: GraphQLClient, campaign: str) -> str:
    run_id = (await gql.execute(START_RUN, {"campaignId": campaign}))["startRun"][0]["id"]
    assert (await wait_for_run(gql, run_id))["status"] == "COMPLETED"
    return str(run_id)


async def test_an_edited_case_is_named_and_not_counted_as_an_improvement(
        gql: GraphQLClient) -> None:
    demo = await create_target(gql, name="demo bot")
    scenario = (await gql.execute(IMPORT_SCENARIO, {"document": document(CASES)})
                )["importScenario"]["id"]
    campaign = (await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "c", "scenarioId": scenario, "targetIds": [demo]}}))["createCampaign"]["id"]
    before = await run_once(gql, campaign)
    # Mia never apologises: the edit makes the complaint case pass with the same replies.
    await gql.execute(UPDATE_SCENARIO, {"id": scenario, "input": {"cases": [
        {"key": "booking", "messages": CASES[0]["messages"],
         "expectation": {"contains": "预约成功"}},
        {"key": "complaint", "messages": ["我要投诉"], "expectation": {"not_contains": "抱歉"}}]}})
    after = await run_once(gql, campaign)
    comparison = (await gql.execute(COMPARE, {"base": before, "head": after}))["compareRuns"]
    assert comparison["improvements"] == [] and comparison["regressions"] == []
    assert comparison["changedCases"] == [
        {"caseKey": "complaint", "definitionChanged": True, "judgeChanged": False}]
    assert comparison["warnings"][0].startswith("1 of 2 cases changed between these runs")
    assert comparison["unchangedCount"] == 1  # booking, compared as before
    assert "## Changed between the runs: 1" in comparison["markdown"]


async def test_the_same_scenario_run_twice_changes_nothing(gql: GraphQLClient) -> None:
    demo = await create_target(gql, name="demo bot")
    scenario = (await gql.execute(IMPORT_SCENARIO, {"document": document(CASES)})
                )["importScenario"]["id"]
    campaign = (await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "c", "scenarioId": scenario, "targetIds": [demo]}}))["createCampaign"]["id"]
    first, second = await run_once(gql, campaign), await run_once(gql, campaign)
    comparison = (await gql.execute(COMPARE, {"base": first, "head": second}))["compareRuns"]
    assert comparison["changedCases"] == [] and comparison["warnings"] == []
    assert comparison["unchangedCount"] == 2
