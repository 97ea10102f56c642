"""AGENTEVAL_RETENTION_DAYS: once a day, cluster-wide, purge the runs and evals finished
longer ago.

Retention is an entity kind of the owned system with the `interval` policy
(`retention_kind`, declared at the composition root): the one takeover loop of
every process with the setting looks every `CHECK_S`, and the runtime lets a purge
happen only in the process that claims the `retention` key, which it holds for
the whole interval (a day) and never gives up: the others find it held and skip,
and the next purge is due when it expires, in whichever process looks first. So
one process purges per interval, and should it die the purge still happens. The
purge goes entity by entity, each in short batches (store/purge.py), and logs what
it removed.
"""

from __future__ import annotations

from actors import ActorSystem, EntityKind
from agenteval.domain.owned_kinds import RETENTION
from agenteval.engine.catalog.deletion import purge_older_than

DAY_S = 86_400.0
CHECK_S = 3_600.0  # how often a process looks whether a purge is due


def retention_kind(days: float, actors: ActorSystem | None = None,
                   interval_s: float = DAY_S, check_s: float | None = None) -> EntityKind:
    """The purge of what finished more than `days` ago, once per `interval_s` cluster-wide."""

    async def purge(_: str) -> None:
        await purge_older_than(days, actors)

    every = check_s if check_s is not None else min(CHECK_S, interval_s)
    return EntityKind.interval(RETENTION, interval_s, take_over=purge, check_s=every)

