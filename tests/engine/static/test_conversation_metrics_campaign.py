"""The conversation-metrics example as a campaign through the real ASGI app, against the demo
bot, judged by the scripted metric judge: refused without a JUDGE, each case fails for its
flaw, and the run's Markdown report names the lost-context turn."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.static_helpers import create_target, outcomes, run_scenario, wait_for_run
from tests.engine.static.test_judged_campaign import IMPORT, configure_models
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app
from tests.support.metric_judge import metric_judge

SCENARIO = Path(__file__).resolve().parents[3] / "examples/scenarios/conversation_metrics.json"
CASES = json.loads(SCENARIO.read_text(encoding="utf-8"))["cases"]
REPORT = "query($id: ID!) { run(id: $id) { summary { passRate } reportMarkdown } }"


@pytest.fixture
async def gql(database_url: str) -> AsyncIterator[GraphQLClient]:
    settings = Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none",
                        demo=False)
    async with running_app(create_app(settings, migrate=False)) as http:
        yield GraphQLClient(http)


async def test_metric_cases_are_refused_without_a_judge(gql: GraphQLClient) -> None:
    error = await gql.error(IMPORT, {"document": json.dumps({"name": "m", "cases": CASES})})
    assert error.code == "VALIDATION_FAILED"
    assert {d["path"] for d in error.details} == {
        f"cases[{i}].eval_rules[0].type" for i in range(len(CASES))}


async def test_each_metric_case_fails_on_mia_with_its_turn_named(gql: GraphQLClient) -> None:
    async with FakeLLMServer(chat=metric_judge) as server:
        await configure_models(gql, server.url)
        target_id = await create_target(gql, "demo")
        _, run_id = await run_scenario(gql, target_id, CASES)
        await wait_for_run(gql, run_id)
        found = {o["caseKey"]: o for o in await outcomes(gql, run_id)}
        run = (await gql.execute(REPORT, {"id": run_id}))["run"]
    assert run["summary"]["passRate"] == 0.0
    retention = found["knowledge-retention-after-return-zh"]["results"][0]
    assert retention["ruleType"] == "knowledge_retention" and retention["error"] is None
    assert retention["detail"]["lapsed_turns"] == [2]
    assert retention["detail"]["lapses"][0]["verified"] is True
    relevancy = found["conversation-relevancy-change-of-mind"]["results"][0]["detail"]
    assert relevancy["irrelevant_turns"] == [2] and relevancy["judge"]["windows"] == 3
    report = run["reportMarkdown"]
    assert "knowledge-retention-after-return-zh" in report
    assert 'turn 2: "我没太明白您的意思"' in report
