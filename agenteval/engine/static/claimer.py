"""The run claimer: each process takes over runs that nobody executes, up to its limit.

A run is QUEUED or RUNNING without a live lease when it was queued while every
process was at its limit, or when the process that executed it died (its
lease expired) or stopped (it released the lease). Every `interval_s` — and
at once when a run stops executing here — the claimer lists such runs and
starts each one through the RunEngine; the RunActor claims the lease, so two
processes that list the same run never both execute it. Started only once the
server is listening (see agenteval.bootstrap), so a process that cannot
serve takes no work.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from agenteval.engine.static.engine import RunEngine
from agenteval.store.runs import unowned_active_runs

logger = logging.getLogger("agenteval.runs")


def claim_interval(lease_ttl_s: float) -> float:
    """How often to look for runs nobody holds: well within the lease's expiry."""
    return max(0.2, min(lease_ttl_s / 3, 5.0))


async def claim_once(runs: RunEngine) -> int:
    """Start the runs nobody holds, up to this process's free slots; how many were tried."""
    free = runs.claim_limit - len(runs.owned)
    if free <= 0:
        return 0
    run_ids = await unowned_active_runs(free)
    for run_id in run_ids:
        if not runs.may_claim():
            break
        try:
            await runs.start(run_id)
        except Exception:  # noqa: BLE001 - one run that cannot start must not stop the rest
            logger.exception("could not take over run %s", run_id)
    return len(run_ids)


async def claim_forever(runs: RunEngine, interval_s: float) -> None:
    """The claimer's loop (a background task of the running service)."""
    while True:
        runs.freed.clear()
        try:
            await claim_once(runs)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - e.g. the database is away: try again later
            logger.warning("looking for runs to take over failed", exc_info=True)
        # asyncio.timeout, not wait_for: on 3.11 wait_for swallows a cancellation that
        # arrives as the event is set, and this loop would outlive shutdown.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(interval_s):
                await runs.freed.wait()
