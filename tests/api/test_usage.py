"""Usage through the API: a judged run's calls and cost, an eval's usage and its estimate."""

from __future__ import annotations

import json

import pytest

from agenteval.bootstrap import load_driver_models, running_services
from agenteval.config import Settings
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.runner import drive
from agenteval.drivers.builtin.transport import AsgiTransport
from agenteval.engine.catalog.usage import load_price_table
from agenteval.store.models import Campaign, IntelligentEval, ModelUsage, Run, Scenario, Target
from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.api.test_query_statement_counts import counting_statements, statements_of
from tests.drivers.builtin.test_lifecycle import APPROVE, demo_eval, key
from tests.drivers.builtin.test_llm_mode import role_player
from tests.engine.static.test_judged_campaign import CASES, configure_models, scripted_judge
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

PRICES = {"judge-model": {"prompt": 2.0, "completion": 8.0, "currency": "CNY"},
          "embedding-model": {"prompt": 0.5, "completion": 0, "currency": "CNY"},
          "moderation-model": {"prompt": 0, "completion": 0, "currency": "CNY"},
          "simulator-model": {"prompt": 1, "completion": 2, "currency": "CNY",
                              "promptTokensPerCall": 400, "completionTokensPerCall": 40},
          "analyst-model": {"prompt": 1, "completion": 2, "currency": "CNY"}}
USAGE = "modelCalls promptTokens completionTokens estimatedCost currency"
RUN_USAGE = f"query($id: ID!) {{ run(id: $id) {{ usage {{ {USAGE} }} reportMarkdown }} }}"
EVAL_USAGE = f"""query($id: ID!) {{ intelligentEval(id: $id) {{
  status usage {{ {USAGE} }} costEstimate {{ {USAGE} }} reportMarkdown }} }}"""
SET_MODEL_CONFIG = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    model_prices=json.dumps(PRICES))


async def test_a_judged_run_reports_its_calls_and_the_rerun_only_cache_savings(
        gql: GraphQLClient) -> None:
    async with FakeLLMServer(chat=scripted_judge) as server:
        await configure_models(gql, server.url)
        target_id = await create_target(gql, "demo")
        _, first_id = await run_scenario(gql, target_id, CASES)
        await wait_for_run(gql, first_id)
        _, second_id = await run_scenario(gql, target_id, CASES)
        await wait_for_run(gql, second_id)
        requests = len(server.requests)

    first = (await gql.execute(RUN_USAGE, {"id": first_id}))["run"]
    second = (await gql.execute(RUN_USAGE, {"id": second_id}))["run"]
    usage = first["usage"]
    # 7 judge chats + 1 embedding + 1 moderation answered, each reporting its usage.
    assert usage["modelCalls"] == requests == 9
    assert usage["promptTokens"] > 0 and usage["completionTokens"] > 0
    assert usage["currency"] == "CNY"
    assert usage["estimatedCost"] == pytest.approx(
        (7 * 10 * 2.0 + 7 * 5 * 8.0 + (usage["promptTokens"] - 70) * 0.5) / 1e6)
    assert second["usage"]["modelCalls"] == 0  # every judge answer came from the cache
    assert "## Model usage" in first["reportMarkdown"]
    assert "7 answers from the response cache" in second["reportMarkdown"]


async def test_an_eval_estimates_before_approval_then_counts_the_driver_calls(
        app, gql: GraphQLClient) -> None:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    eval_id = await demo_eval(gql, operator)
    settings = Settings(time_scale=0.0)
    async with FakeLLMServer(chat=role_player) as server:
        for role in ("PLANNER", "SIMULATOR", "ANALYST"):
            await gql.execute(SET_MODEL_CONFIG, {"role": role, "input": {
                "provider": "openai", "baseUrl": server.url, "model": f"{role.lower()}-model",
                "params": {"retries": 0}}})
        models = await load_driver_models(eval_id)
        assert models is not None
        try:
            await drive(agent, eval_id, "planner", settings, models)
            pending = (await gql.execute(EVAL_USAGE, {"id": eval_id}))["intelligentEval"]
            await operator.execute(APPROVE, {"id": eval_id})
            await drive(agent, eval_id, "evaluator", settings, models)
            await drive(agent, eval_id, "analyst", settings, models)
        finally:
            await models.aclose()
        requests = len(server.requests)

    # The plan: 1 session × 4 turns → 4 SIMULATOR calls (400 + 40 tokens configured), and
    # 2 ANALYST calls (a verdict, the report) at the measured PLANNER-free default.
    estimate = pending["costEstimate"]
    assert pending["status"] == "PENDING_APPROVAL"
    assert estimate["modelCalls"] == 4 + 2
    assert estimate["promptTokens"] == 4 * 400 + 2 * 1000
    assert estimate["completionTokens"] == 4 * 40 + 2 * 200
    assert estimate["estimatedCost"] == pytest.approx(
        (3600 * 1 + 560 * 2) / 1e6) and estimate["currency"] == "CNY"
    final = (await gql.execute(EVAL_USAGE, {"id": eval_id}))["intelligentEval"]
    assert final["status"] == "COMPLETED"
    assert final["usage"]["modelCalls"] == requests
    assert final["usage"]["estimatedCost"] is None  # the PLANNER's model has no price
    assert "## Model usage" in final["reportMarkdown"]


@pytest.mark.parametrize("setting, message", [
    ('{"m": {"prompt": "free"}}', "AGENTEVAL_MODEL_PRICES: model price 'm': prompt"),
    ("/nonexistent/prices.json", "cannot read the model price file"),
])
async def test_a_wrong_price_table_stops_the_start_with_a_clear_message(
        setting: str, message: str) -> None:
    settings = Settings(database_url="sqlite://:memory:", model_prices=setting)
    with pytest.raises(SystemExit, match=message):
        async with running_services(settings, migrate=False):
            pass


def test_the_price_table_may_be_a_file(tmp_path) -> None:
    path = tmp_path / "prices.json"
    path.write_text(json.dumps(PRICES), encoding="utf-8")
    assert load_price_table(str(path))["judge-model"].currency == "CNY"


RUNS_USAGE = f"""query($first: Int) {{ runs(first: $first) {{ edges {{ node {{
  id usage {{ {USAGE} }} }} }} }} }}"""
EVALS_USAGE = f"""query($first: Int) {{ intelligentEvals(first: $first) {{ edges {{ node {{
  id usage {{ {USAGE} }} }} }} }} }}"""


async def test_a_page_of_runs_or_evals_reads_its_usage_in_one_statement(
        gql: GraphQLClient) -> None:
    target = await Target.create(name="t", channel_type="demo")
    scenario = await Scenario.create(name="s", cases=[])
    campaign = await Campaign.create(name="c", scenario=scenario)
    for index in range(12):
        run = await Run.create(campaign=campaign, target=target, status="COMPLETED")
        evaluation = await IntelligentEval.create(
            name=f"e{index}", target=target, status="COMPLETED", goal="g", intent="i",
            role_description="r")
        for cached in (False, True):
            await ModelUsage.create(run=run, role="JUDGE", model="judge-model",
                                    prompt_tokens=100, completion_tokens=10, cached=cached)
            await ModelUsage.create(eval=evaluation, role="SIMULATOR", model="simulator-model",
                                    prompt_tokens=50, completion_tokens=5, cached=cached)

    counts = {}
    for query, name in ((RUNS_USAGE, "runs"), (EVALS_USAGE, "intelligentEvals")):
        with counting_statements():
            small = await statements_of(gql, query, {"first": 2})
            large = await statements_of(gql, query, {"first": 12})
        counts[name] = (len(small), len(large))
        data = await gql.execute(query, {"first": 12})
        usages = [edge["node"]["usage"] for edge in data[name]["edges"]]
        assert len(usages) == 12 and all(u["modelCalls"] == 1 for u in usages)
    print(f"statements for 2 and 12 items: {counts}")
    assert all(0 < small == large for small, large in counts.values())
    run_cost = (await gql.execute(RUNS_USAGE, {"first": 1}))["runs"]["edges"][0]["node"]["usage"]
    assert run_cost == {"modelCalls": 1, "promptTokens": 100, "completionTokens": 10,
                        "estimatedCost": pytest.approx((100 * 2 + 10 * 8) / 1e6),
                        "currency": "CNY"}
