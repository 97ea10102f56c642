"""GET /metrics counts a lease claimed and, apart, a lease taken over from another process."""

from __future__ import annotations

import asyncio
import signal

from starlette.applications import Starlette

from agenteval.store import leases
from agenteval.store.runs.run_store import run_lease_name
from tests.api.static_helpers import http_target, run_scenario, simple_cases
from tests.observability.scrape import scrape, value
from tests.scale.cluster import LEASE_TTL_S, Cluster, CountingBot, wait_until
from tests.support.graphql_client import GraphQLClient, running_app
from tests.support.kept_leases import claim_kept

CLAIMS, TAKEOVERS = "agenteval_lease_claims_total", "agenteval_lease_takeovers_total"


async def test_only_a_claim_of_another_process_expired_lease_is_a_takeover(
        local_app: Starlette) -> None:
    async with running_app(local_app) as http:
        before = await scrape(http)
        # Another process held it and died: its lease is expired, its owner still there.
        assert await leases.claim("metrics-test:dead", -1, owner="host:1:dead") is not None
        assert await leases.claim("metrics-test:dead", 30) is not None  # a takeover
        # Released by its owner (finished): claiming it again takes nothing over.
        released = await leases.claim("metrics-test:released", 30, owner="host:2:done")
        assert released is not None
        await leases.release(released)
        assert await leases.claim("metrics-test:released", 30) is not None
        # This process's own expired lease, claimed again; a new lease.
        mine = await leases.claim("metrics-test:mine", -1)
        assert mine is not None and await leases.claim("metrics-test:mine", 30) is not None
        assert await leases.claim("metrics-test:new", 30) is not None
        # A live lease of another process is not won, so not counted.
        assert await leases.claim("metrics-test:live", 30, owner="host:3:live") is not None
        assert await leases.claim("metrics-test:live", 30) is None
        after = await scrape(http)
    moved = {name: value(after, name, kind="metrics-test") - value(before, name,
                                                                   kind="metrics-test")
             for name in (CLAIMS, TAKEOVERS)}
    # Claims made in this process, whatever the owner: dead 2, released 2, mine 2, new 1,
    # live 1 (the lost one is not counted) = 8; one of them a takeover.
    assert moved == {CLAIMS: 8, TAKEOVERS: 1}


async def test_the_process_that_takes_a_killed_owner_run_over_counts_it(
        cluster: Cluster, local: GraphQLClient, bot: tuple[CountingBot, str]) -> None:
    counting, url = bot
    counting.delay_s = 0.04
    first, second = cluster.start("a"), cluster.start("b")
    await cluster.ready(first, second)
    target = await http_target(local, url, max_concurrency=2, timeout_s=5)
    _, run_id = await run_scenario(local, target, simple_cases(120), concurrency=2)
    owner = await wait_until(lambda: cluster.owner_of(run_lease_name(run_id)), 20, "an owner")
    survivor = second if owner is first else first
    async with cluster.http(survivor) as http:
        before = value(await scrape(http), TAKEOVERS, kind="run")
        cluster.signal(owner, signal.SIGKILL)
        async def taken_over() -> bool:
            return await cluster.owner_of(run_lease_name(run_id)) is survivor

        await wait_until(taken_over, LEASE_TTL_S + 10, "the takeover")
        assert value(await scrape(http), TAKEOVERS, kind="run") == before + 1


async def test_confirm_renews_a_held_lease_and_reports_one_taken_over(
        local_app: Starlette) -> None:
    async with running_app(local_app):
        kept = await claim_kept("confirm-test:a", 0.5)
        assert kept is not None
        await kept.stop_renewing()  # as if the process were stopped
        assert await kept.confirm()  # still its own: renewed for another 0.5 s
        current = await leases.current("confirm-test:a")
        assert current is not None and current[2]
        await asyncio.sleep(0.6)
        assert await leases.claim("confirm-test:a", 30, owner="host:9:next") is not None
        assert not await kept.confirm() and kept.lost  # taken over: stop acting
