"""A cancel reaching a process that does not own the run, while the owner keeps writing.

Every write to a run row is a compare-and-set on its version — the owner's are
fenced with its lease too — so the non-owner's cancel and the owner's saves are
ordered by PostgreSQL's row lock: whichever commits second finds the version
moved on. The owner's saves after the cancel store nothing (no outcome rows
without counters), its completion cannot overwrite CANCELLED, and it stops.
"""

from __future__ import annotations

import asyncio

from agenteval.domain.static.run_records import summary_to_json
from agenteval.engine.static.run_reports import compute_summary
from agenteval.store import leases
from agenteval.store.models import CaseOutcome, Run
from agenteval.store.runs.run_store import run_lease_name
from tests.api.static_helpers import CANCEL_RUN, http_target, run_scenario, simple_cases
from tests.scale.cluster import Cluster, CountingBot, wait_until
from tests.support.graphql_client import GraphQLClient

CASES = 400
RUNS = 2


async def test_a_cancel_elsewhere_wins_over_the_owner_writes(
        cluster: Cluster, local: GraphQLClient, bot: tuple[CountingBot, str]) -> None:
    counting, url = bot
    counting.delay_s = 0.005  # the owners save often: their writes race the cancels
    first, second = cluster.start("a"), cluster.start("b")
    await cluster.ready(first, second)
    target = await http_target(local, url, max_concurrency=8, timeout_s=5)
    run_ids = [(await run_scenario(local, target, simple_cases(CASES), concurrency=4))[1]
               for _ in range(RUNS)]
    for index, run_id in enumerate(run_ids):
        await wait_until(lambda run_id=run_id, at=20 + 40 * index: _done_at_least(run_id, at),
                         60, "cases done")
        owner = await wait_until(lambda run_id=run_id: cluster.owner_of(
            run_lease_name(run_id)), 10, "an owner")
        elsewhere = second if owner is first else first
        cancelled = await cluster.client(elsewhere).execute(CANCEL_RUN, {"runId": run_id})
        assert cancelled["cancelRun"]["status"] == "CANCELLED"

    async def owners_stopped() -> bool:
        held = [await leases.current(run_lease_name(run_id)) for run_id in run_ids]
        return not any(current is not None and current[2] for current in held)

    await wait_until(owners_stopped, 10, "the owners to let the runs go")
    calls = sum(counting.seen.values())
    await asyncio.sleep(1.0)
    assert sum(counting.seen.values()) == calls  # nobody calls the target for them any more
    for run_id in run_ids:
        run = await Run.get(id=run_id)
        stored = await CaseOutcome.filter(run_id=run_id).count()
        assert run.status == "CANCELLED"
        # Counters, outcome rows and the summary agree: no save landed after the cancel.
        assert run.done == stored == run.passed + run.failed + run.errored, (run.done, stored)
        assert run.done < CASES
        assert run.summary == summary_to_json(await compute_summary(run))


async def _done_at_least(run_id: str, count: int) -> bool:
    rows = await Run.filter(id=run_id).values_list("done", flat=True)
    return int(rows[0]) >= count  # type: ignore[arg-type]  # values_list(flat) gives the scalar
