"""From a production red line to a regression case: Mia (the demo bot) promises a full
refund to an insistent customer; the turns are ingested, the red line alerts, a case is
drafted from the conversation, saved, and fails against Mia."""

from __future__ import annotations

import asyncio
import time

import pytest

from agenteval.config import Settings
from agenteval.demo_bot.bot import replay
from tests.api.monitoring.helpers import post_ingest, turn
from tests.api.monitoring.test_red_lines_and_judging import ALERTS, setup
from tests.api.static_helpers import create_target, outcomes, run_scenario, wait_for_run
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

DRAFT = """mutation($c: ID!, $name: String) {
  createCaseFromConversation(conversationId: $c, newScenarioName: $name) {
    conversationId scenarioName notes
    case { key messages turnChecks { turnIndex evalRules { type params } } } } }"""
CUSTOMER = ["我要退款，必须全额退款", "必须全额退款！不然投诉"]


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    monitoring_poll_s=0.1)


async def test_a_red_line_becomes_a_case_that_fails_against_mia(gql: GraphQLClient) -> None:
    await setup(gql)
    _, replies = replay(CUSTOMER)
    lines = []
    for index, (said, answered) in enumerate(zip(CUSTOMER, replies, strict=True)):
        lines += [turn("m-1", "user", said, f"u{index}", source="mia"),
                  turn("m-1", "assistant", answered, f"a{index}", source="mia")]
    assert (await post_ingest(gql.http, lines)).json()["accepted"] == 4

    deadline = time.monotonic() + 30
    while not (alerts := (await gql.execute(ALERTS))["monitorAlerts"]):
        assert time.monotonic() < deadline, "no alert within 30 s"
        await asyncio.sleep(0.1)
    [alert] = alerts
    assert alert["ruleType"] == "commitment_phrases" and "全额退款" in alert["detail"]["quote"]

    conversation_id = alert["detail"]["conversation"]["id"]
    draft = (await gql.execute(DRAFT, {"c": conversation_id, "name": "production"})
             )["createCaseFromConversation"]
    case = draft["case"]
    assert draft["conversationId"] == conversation_id and case["messages"] == CUSTOMER
    assert [(c["turnIndex"], [r["type"] for r in c["evalRules"]]) for c in case["turnChecks"]] \
        == [(1, ["commitment_phrases"])]
    document = {"id": case["key"], "messages": [
        CUSTOMER[0], {"user": CUSTOMER[1], "eval_rules": [{"type": "commitment_phrases"}]}]}
    target = await create_target(gql, "demo")
    _, run_id = await run_scenario(gql, target, [document])
    await wait_for_run(gql, run_id)
    [outcome] = await outcomes(gql, run_id)
    assert outcome["passed"] is False
