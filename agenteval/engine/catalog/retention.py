"""AGENTEVAL_RETENTION_DAYS: once a day, cluster-wide, purge the runs and evals finished
longer ago.

Retention is an entity kind of the owned system with the `interval` policy
(`retention_kind`, declared at the composition root): the one takeover loop of
every process with the setting looks every `CHECK_S`, and the runtime lets a purge
happen only in the process that claims the `retention` lease, which it holds for
the whole interval (a day) and never releases: the others find it held and skip,
and the next purge is due when it expires, in whichever process looks first. So
one process purges per interval, and should it die the purge still happens. The
purge goes entity by entity, each in short batches (store/purge.py), and logs what
it removed.
"""

from __future__ import annotations

from actors import CLUSTER_KEY, ActorSystem, EntityKind, lease_name, once_per_interval
from agenteval.engine.catalog.deletion import purge_older_than
from agenteval.store import leases

DAY_S = 86_400.0
CHECK_S = 3_600.0  # how often a process looks whether a purge is due
RETENTION_KIND = "retention"
RETENTION_LEASE = lease_name(RETENTION_KIND, CLUSTER_KEY)


def retention_kind(days: float, actors: ActorSystem | None = None,
                   interval_s: float = DAY_S, check_s: float | None = None) -> EntityKind:
    """The purge of what finished more than `days` ago, once per `interval_s` cluster-wide."""

    async def purge(_: str) -> None:
        await purge_older_than(days, actors)

    every = check_s if check_s is not None else min(CHECK_S, interval_s)
    return EntityKind(RETENTION_KIND, "interval", interval_s, take_over=purge, check_s=every)


async def purge_if_due(days: float, actors: ActorSystem | None = None,
                       interval_s: float = DAY_S,
                       owner: str = leases.PROCESS_OWNER) -> dict[str, int] | None:
    """One look as `owner`, outside the takeover loop: purge when no process has within
    `interval_s`; what was removed, or None when the purge was not due."""
    return await once_per_interval(leases.DatabaseLeases(owner), RETENTION_LEASE, interval_s,
                                   lambda: purge_older_than(days, actors))
