"""A target's maxConcurrency holds across processes, and runs spread over the processes."""

from __future__ import annotations

from agenteval.store.models import Run
from agenteval.store.runs.run_store import run_lease_name
from tests.api.static_helpers import http_target, run_scenario, simple_cases
from tests.scale.cluster import Cluster, CountingBot, wait_until
from tests.support.graphql_client import GraphQLClient


async def test_two_processes_running_two_runs_keep_the_target_limit(
        cluster: Cluster, local: GraphQLClient, bot: tuple[CountingBot, str]) -> None:
    counting, url = bot
    counting.delay_s = 0.03
    first, second = cluster.start("a", run_claim_limit=1), cluster.start("b", run_claim_limit=1)
    await cluster.ready(first, second)
    target = await http_target(local, url, max_concurrency=3, timeout_s=5)
    runs = [(await run_scenario(local, target, simple_cases(80), concurrency=3))[1]
            for _ in range(2)]
    owners = [await wait_until(lambda run_id=run_id: cluster.owner_of(run_lease_name(run_id)),
                               10, "an owner") for run_id in runs]
    assert {owner.name for owner in owners} == {"a", "b"}  # one run each: they spread
    await wait_until(lambda: _all_completed(runs), 60, "both runs to complete")
    assert counting.peak == 3  # not 6: the limit is the target's, across processes


async def _all_completed(runs: list[str]) -> bool:
    return await Run.filter(id__in=runs, status="COMPLETED").count() == len(runs)
