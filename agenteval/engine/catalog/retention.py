"""AGENTEVAL_RETENTION_DAYS: once a day, purge the runs and evals finished longer ago."""

from __future__ import annotations

import asyncio
import logging

from actors import ActorSystem
from agenteval.engine.catalog.deletion import purge_older_than

logger = logging.getLogger("agenteval.retention")

DAY_S = 86_400.0


async def purge_forever(days: float, actors: ActorSystem | None = None,
                        interval_s: float = DAY_S) -> None:
    """Purge now, then every `interval_s`; a failed purge is logged and tried next time.

    Runs in every process that has the setting: purges are idempotent (a row another
    process removed first is skipped), so several processes only repeat a cheap query.
    """
    while True:
        try:
            await purge_older_than(days, actors)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the next day tries again
            logger.exception("retention purge failed; trying again in %g s", interval_s)
        await asyncio.sleep(interval_s)
