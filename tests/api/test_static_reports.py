"""Run reports and run comparison through the real ASGI app."""

from __future__ import annotations

from tests.api.static_helpers import (
    CREATE_CAMPAIGN,
    IMPORT_SCENARIO,
    START_RUN,
    create_target,
    document,
    http_target,
    wait_for_run,
)
from tests.support.graphql_client import GraphQLClient

REPORT = "query($id: ID!) { run(id: $id) { status reportMarkdown } }"
COMPARE = """query($base: ID!, $head: ID!) { compareRuns(baseRunId: $base, headRunId: $head) {
  base { id target { name } } head { id }
  passRateDelta successRateDelta unchangedCount markdown
  regressions { caseKey base { passed attempt } head { passed error turns { reply } } }
  improvements { caseKey base { passed } head { passed } } } }"""
CAMPAIGN_RUNS = "query($id: ID!) { campaign(id: $id) { runs { id status } } }"
RUNS = """query($campaignId: ID, $status: RunStatus) {
  runs(campaignId: $campaignId, status: $status) { totalCount edges { node { id } } } }"""

# The demo bot books repairs ("预约成功") but never apologises; the echo bot does neither.
CASES = [{"id": "booking", "type": "multi_turn", "tags": ["repair"],
          "messages": ["我家空调坏了，想预约维修", "我叫张三", "电话是 13800138000", "地址是朝阳区建国路 88 号"],
          "expectation": {"contains": "预约成功"}},
         {"id": "echo", "messages": ["fine"], "expectation": {"contains": "echo"}},
         {"id": "neither", "messages": ["我要投诉"], "expectation": {"contains": "抱歉"}}]


async def test_compare_runs_lists_regressions_and_improvements(gql: GraphQLClient, serve) -> None:
    from tests.api.static_helpers import TargetBehaviour

    demo = await create_target(gql, name="demo bot")
    echo = await http_target(gql, await serve(TargetBehaviour().app()))
    scenario = (await gql.execute(IMPORT_SCENARIO, {"document": document(CASES)}))
    campaign = (await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "c", "scenarioId": scenario["importScenario"]["id"],
        "targetIds": [demo, echo]}}))["createCampaign"]
    runs = (await gql.execute(START_RUN, {"campaignId": campaign["id"]}))["startRun"]
    assert len(runs) == 2
    by_target = {r["target"]["id"]: r["id"] for r in runs}
    for run_id in by_target.values():
        await wait_for_run(gql, run_id)
    listed = (await gql.execute(CAMPAIGN_RUNS, {"id": campaign["id"]}))["campaign"]["runs"]
    assert {r["id"] for r in listed} == set(by_target.values())
    completed = await gql.execute(RUNS, {"campaignId": campaign["id"], "status": "COMPLETED"})
    assert completed["runs"]["totalCount"] == 2

    data = await gql.execute(COMPARE, {"base": by_target[demo], "head": by_target[echo]})
    comparison = data["compareRuns"]
    assert comparison["base"]["target"]["name"] == "demo bot"
    assert [d["caseKey"] for d in comparison["regressions"]] == ["booking"]
    assert comparison["regressions"][0]["base"] == {"passed": True, "attempt": 0}
    assert comparison["regressions"][0]["head"]["passed"] is False
    assert [d["caseKey"] for d in comparison["improvements"]] == ["echo"]
    assert comparison["unchangedCount"] == 1 and comparison["passRateDelta"] == 0.0
    assert "booking" in comparison["markdown"]


async def test_report_markdown_names_the_failing_cases(gql: GraphQLClient) -> None:
    demo = await create_target(gql, name="demo bot")
    scenario = (await gql.execute(IMPORT_SCENARIO, {"document": document(CASES)}))
    campaign = (await gql.execute(CREATE_CAMPAIGN, {"input": {
        "name": "weekly", "scenarioId": scenario["importScenario"]["id"],
        "targetIds": [demo]}}))["createCampaign"]
    run_id = (await gql.execute(START_RUN, {"campaignId": campaign["id"]}))["startRun"][0]["id"]
    await wait_for_run(gql, run_id)
    report = (await gql.execute(REPORT, {"id": run_id}))["run"]["reportMarkdown"]
    assert report.startswith("# Run report: weekly")
    assert "neither" in report and "expect_contains" in report
