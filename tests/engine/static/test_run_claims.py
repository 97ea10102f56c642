"""Which process executes a run: the holder of its lease, up to the process's claim limit."""

from __future__ import annotations

import asyncio

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.engine.catalog.campaigns import queue_runs
from agenteval.store import leases
from agenteval.store.models import Run
from agenteval.store.runs.run_store import run_lease_name
from tests.api.static_helpers import (
    CREATE_CAMPAIGN,
    IMPORT_SCENARIO,
    TargetBehaviour,
    document,
    http_target,
    run_scenario,
    simple_cases,
    wait_for_run,
)
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient, running_app


def _settings(database_url: str, **overrides: object) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    watchdog_interval_s=0).with_overrides(**overrides)


async def test_runs_beyond_the_claim_limit_wait_for_a_free_slot(database_url: str,
                                                                serve) -> None:
    # Slow enough that the first run is still going when the second is started, on a
    # loaded machine too (6 cases two at a time: about 1.5 s).
    bot = TargetBehaviour(delay_s=0.5)
    url = await serve(bot.app())
    app = create_app(_settings(database_url, run_claim_limit=1), migrate=False)
    async with running_app(app) as http:
        gql = GraphQLClient(http)
        target = await http_target(gql, url, timeout_s=5)
        _, first = await run_scenario(gql, target, simple_cases(6), concurrency=2)
        _, second = await run_scenario(gql, target, simple_cases(6), concurrency=2)
        assert (await Run.get(id=second)).status == "QUEUED"  # this process is at its limit
        assert (await wait_for_run(gql, first))["status"] == "COMPLETED"
        assert (await wait_for_run(gql, second))["status"] == "COMPLETED"
    assert bot.max_in_flight <= 2  # one run at a time


async def test_a_run_another_process_holds_is_left_to_it(database_url: str, serve) -> None:
    bot = TargetBehaviour()
    url = await serve(bot.app())
    app = create_app(_settings(database_url, lease_ttl_s=0.6), migrate=False)
    async with running_app(app) as http:
        gql = GraphQLClient(http)
        target = await http_target(gql, url, timeout_s=5)
        # A QUEUED run whose lease another process holds.
        scenario = await gql.execute(IMPORT_SCENARIO, {"document": document(simple_cases(1))})
        campaign = await gql.execute(CREATE_CAMPAIGN, {"input": {
            "name": "c", "scenarioId": scenario["importScenario"]["id"], "targetIds": [target]}})
        [pending] = await queue_runs(campaign["createCampaign"]["id"], None)
        other = await leases.claim(run_lease_name(pending.id), 60, owner="another process")
        assert other is not None
        await app.state.services.runs.start(pending.id)
        await asyncio.sleep(0.5)
        assert (await Run.get(id=pending.id)).status == "QUEUED" and not bot.requests
        await leases.release(other)  # handed over: this process's takeover loop takes it
        assert (await wait_for_run(gql, str(pending.id)))["status"] == "COMPLETED"
    assert len(bot.requests) == 1
