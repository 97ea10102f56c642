"""AGENTEVAL_RETENTION_DAYS purges once per interval cluster-wide: the `retention` lease."""

from __future__ import annotations

import asyncio

from actors import CLUSTER_KEY, once_per_interval
from actors.ownership import lease_name
from agenteval.domain.owned_kinds import RETENTION
from agenteval.engine.catalog.deletion import purge_older_than
from agenteval.store import database, leases
from agenteval.store.models import Campaign, Run, Target
from tests.api.test_deletion_retention import OLD, seed, seed_run, survivors
from tests.scale.cluster import Cluster, wait_until

LEFT = {"recent run", "old running run", "recent eval", "old executing eval"}
RETENTION_LEASE = lease_name(RETENTION, CLUSTER_KEY)


async def purge_if_due(days: float, interval_s: float, owner: str) -> dict[str, int] | None:
    """One look as `owner`, outside the takeover loop: what the interval kind runs."""
    return await once_per_interval(leases.DatabaseLeases(owner), RETENTION_LEASE, interval_s,
                                   lambda: purge_older_than(days))


async def test_one_owner_purges_per_interval_the_other_skips(database_url: str) -> None:
    await database.open_database(database_url)
    try:
        ids = await seed()
        purged = await purge_if_due(30, interval_s=600, owner="host:1:a")
        assert purged is not None and purged["runs"] == 2 and purged["intelligent_evals"] == 1
        assert await survivors(ids) == LEFT
        target, campaign = await Target.first(), await Campaign.first()
        assert target is not None and campaign is not None
        late = await seed_run(target, campaign, "COMPLETED", OLD)
        # Within the interval the purge is not due: the other owner skips.
        assert await purge_if_due(30, interval_s=600, owner="host:2:b") is None
        assert await Run.filter(id=late).exists()
        # The interval passes (the lease expires): the next look purges, in any process.
        await leases.query("UPDATE leases SET expires_at = 0 WHERE name = $1", RETENTION_LEASE)
        assert await purge_if_due(30, interval_s=600, owner="host:2:b") == {
            "runs": 1, "case_outcomes": 3, "run_turns": 3, "rule_results": 3, "search_documents": 0,
            "model_usage": 0, "human_reviews": 0, "webhook_deliveries": 0}
        assert not await Run.filter(id=late).exists()
        current = await leases.current(RETENTION_LEASE)
        assert current is not None and current[0] == "host:2:b" and current[2]
    finally:
        await database.close_database()


async def test_of_two_processes_starting_together_one_purges(
        cluster: Cluster, database_url: str) -> None:
    await database.open_database(database_url)
    try:
        ids = await seed()
        nodes = cluster.start("a", retention_days=30), cluster.start("b", retention_days=30)
        await cluster.ready(*nodes)

        async def purged() -> bool:
            return await survivors(ids) == LEFT

        await wait_until(purged, 20, "the purge")
        await asyncio.sleep(1.0)  # both processes have looked by now
    finally:
        await database.close_database()
    logged = [node.log_text().count("retention (30 days") for node in nodes]
    assert sorted(logged) == [0, 1], logged
