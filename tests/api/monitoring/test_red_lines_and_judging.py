"""Slice: ingest → red line at once → alert to a Feishu-shaped receiver; close → judge once.

The real app with its background work (the monitoring worker and the webhook sender),
a local platform server, both databases.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from agenteval.config import Settings
from tests.api.monitoring.helpers import post_ingest, turn
from tests.notifications.platforms import PlatformServer
from tests.notifications.test_delivery import eventually, hook
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient
from tests.support.local_server import Serve

CREATE_MONITOR = """mutation($name: String!, $judge: JSON!, $redLines: JSON, $sourceId: ID,
  $match: JSON) {
  createMonitor(name: $name, judge: $judge, redLines: $redLines, sourceId: $sourceId,
                metadataMatch: $match) { id name } }"""
CREATE_SOURCE = """mutation($name: String!, $quiet: Float!) {
  createMonitoredSource(name: $name, quietPeriodSeconds: $quiet) { id name masking } }"""
VERDICTS = """query($c: ID) { monitorVerdicts(conversationId: $c) {
  version status passed successLevel results } }"""
CONVERSATIONS = "{ monitoredConversations { id externalId status version } }"
HITS = "{ redLineHits { ruleType turn quote conversationId } }"
ALERTS = "{ monitorAlerts { id kind state ruleType detail } }"
WINDOWS = """query($m: ID!) { monitorWindows(monitorId: $m, count: 2) { volume errored
  passRate { successes total value low high } ruleHitRates { ruleType rate { successes total } } } }"""
ACK = "mutation($id: ID!) { acknowledgeMonitorAlert(id: $id) { state } }"
RED_LINES = [{"type": "personal_data_leak"},
             {"type": "commitment_phrases"}]
JUDGE = {"kind": "rules", "rules": [{"type": "keyword_match",
                                     "params": {"keywords": ["thank"]}}]}


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    public_url="https://qa.example.com/graphql", webhook_timeout_s=0.5,
                    monitoring_poll_s=0.1)


async def setup(gql: GraphQLClient, quiet: float = 300.0) -> str:
    source = (await gql.execute(CREATE_SOURCE, {"name": "mia", "quiet": quiet}))
    source_id = source["createMonitoredSource"]["id"]
    await gql.execute(CREATE_MONITOR, {"name": "mia quality", "judge": JUDGE,
                                       "redLines": RED_LINES, "sourceId": source_id})
    return str(source_id)


async def test_another_customers_phone_fires_a_red_line_on_a_masked_source(
        gql: GraphQLClient, serve: Serve) -> None:
    feishu = PlatformServer("FEISHU")
    await hook(gql, serve, feishu)
    await setup(gql)
    acked = time.monotonic()
    response = await post_ingest(gql.http, [
        turn("c1", "user", "my number is 13800138000, where is my order?", "u1", source="mia"),
        turn("c1", "assistant", "Your order ships today; I'll text 13800138000.", "a1",
             source="mia"),
        turn("c1", "user", "and my neighbour's?", "u2", source="mia"),
        turn("c1", "assistant", "Sure, Zhang's number is 13912345678.", "a2", source="mia")])
    assert response.status_code == 200
    await eventually(lambda: bool(feishu.received), timeout_s=30)
    seconds = time.monotonic() - acked
    print(f"red line acknowledged → Feishu-shaped receiver: {seconds:.2f} s")
    assert seconds < 60
    text = feishu.text()
    assert "personal_data_leak" in text and "[PHONE#" in text
    assert "13912345678" not in text  # the quote is masked
    assert "https://qa.example.com/monitoring/conversations/" in text
    hits = (await gql.execute(HITS))["redLineHits"]
    assert [(h["ruleType"], h["turn"]) for h in hits] == [("personal_data_leak", 1)]
    assert hits[0]["quote"].startswith("Sure, Zhang's number is [PHONE#")
    # The customer's own number repeated back (turn 0) is not a leak.


async def test_a_red_line_alerts_once_per_conversation_and_rule(
        gql: GraphQLClient, serve: Serve) -> None:
    feishu = PlatformServer("FEISHU")
    await hook(gql, serve, feishu)
    await setup(gql)
    await post_ingest(gql.http, [turn("c1", "user", "refund?", "u1", source="mia"),
                                 turn("c1", "assistant", "We guarantee a full refund.", "a1",
                                      source="mia")])
    await eventually(lambda: bool(feishu.received), timeout_s=30)
    await post_ingest(gql.http, [turn("c1", "user", "really?", "u2", source="mia"),
                                 turn("c1", "assistant", "Yes, a full refund, guaranteed.", "a2",
                                      source="mia")])
    await asyncio.sleep(2.0)  # several worker passes and deliveries
    assert len(feishu.received) == 1
    alerts = (await gql.execute(ALERTS))["monitorAlerts"]
    assert [(a["kind"], a["ruleType"]) for a in alerts] == [("RED_LINE", "commitment_phrases")]
    acknowledged = await gql.execute(ACK, {"id": alerts[0]["id"]})
    assert acknowledged["acknowledgeMonitorAlert"]["state"] == "ACKNOWLEDGED"


async def test_a_closed_conversation_is_judged_and_a_late_turn_makes_a_new_version(
        gql: GraphQLClient) -> None:
    await setup(gql)
    await post_ingest(gql.http, [turn("c1", "user", "hi", "u1", source="mia"),
                                 turn("c1", "assistant", "hello", "a1", source="mia",
                                      end=True)])
    verdicts = await _verdicts(gql, 1)
    assert verdicts[0]["passed"] is False and verdicts[0]["status"] == "JUDGED"
    assert verdicts[0]["results"][0]["ruleType"] == "keyword_match"
    # Late: the thanks arrive after judging; the conversation is judged again as version 2.
    await post_ingest(gql.http, [turn("c1", "assistant", "thank you!", "a2", source="mia",
                                      end=True)])
    verdicts = await _verdicts(gql, 2)
    assert sorted((v["version"], v["passed"]) for v in verdicts) == [(1, False), (2, True)]
    conversations = (await gql.execute(CONVERSATIONS))["monitoredConversations"]
    assert conversations[0]["status"] == "JUDGED" and conversations[0]["version"] == 2
    monitor_id = (await gql.execute("{ monitors { id } }"))["monitors"][0]["id"]
    windows = (await gql.execute(WINDOWS, {"m": monitor_id}))["monitorWindows"]
    window = windows[-1] if windows[-1]["volume"] == 2 else windows[0]  # an hour boundary
    assert window["volume"] == 2 and window["passRate"]["successes"] == 1
    assert window["passRate"]["low"] < 0.5 < window["passRate"]["high"]
    assert window["ruleHitRates"] == [{"ruleType": "keyword_match",
                                       "rate": {"successes": 1, "total": 2}}]


async def _verdicts(gql: GraphQLClient, count: int) -> list[dict]:
    deadline = time.monotonic() + 20
    while True:
        verdicts = (await gql.execute(VERDICTS, {"c": None}))["monitorVerdicts"]
        if len(verdicts) >= count:
            return verdicts
        assert time.monotonic() < deadline, verdicts
        await asyncio.sleep(0.1)
