"""AGENTEVAL_RETENTION_DAYS: once a day, cluster-wide, purge the runs and evals finished
longer ago.

Every process with the setting runs `purge_forever`, but a purge happens only in
the process that claims the `retention` lease, which it holds for the whole
interval (a day) and never releases: the others find it held and skip, and the
next purge is due when it expires, in whichever process looks first. So one
process purges per interval, and should it die the purge still happens — a
process looks every `CHECK_S`. The purge goes entity by entity, each in short
batches (store/purge.py), and logs what it removed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from actors import ActorSystem
from agenteval.engine.catalog.deletion import purge_older_than
from agenteval.store import leases

logger = logging.getLogger("agenteval.retention")

DAY_S = 86_400.0
CHECK_S = 3_600.0  # how often a process looks whether a purge is due
RETENTION_LEASE = "retention"


async def purge_if_due(days: float, actors: ActorSystem | None = None,
                       interval_s: float = DAY_S,
                       owner: str = leases.PROCESS_OWNER) -> dict[str, int] | None:
    """Purge when no process has within `interval_s` (this one claims the lease for it);
    what was removed, or None when the purge was not due."""
    held = await leases.claim(RETENTION_LEASE, interval_s, owner)
    if held is None:
        logger.debug("retention: purged within the interval already (lease held)")
        return None
    try:
        return await purge_older_than(days, actors)
    except BaseException:
        # Failed or cut short (a shutdown): let the next look, here or elsewhere, purge.
        with contextlib.suppress(Exception):
            await asyncio.shield(leases.release(held))
        raise


async def purge_forever(days: float, actors: ActorSystem | None = None,
                        interval_s: float = DAY_S, check_s: float | None = None) -> None:
    """Purge if due now, then look again every `check_s` (CHECK_S, at most `interval_s`);
    a failed purge is logged and tried again at the next look."""
    every = check_s if check_s is not None else min(CHECK_S, interval_s)
    while True:
        try:
            await purge_if_due(days, actors, interval_s)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the next look tries again
            logger.exception("retention purge failed; trying again in %g s", every)
        await asyncio.sleep(every)
