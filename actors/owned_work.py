"""The work policy: background work (no actor) that runs only while this process holds its
key — the built-in driver's driving of an eval, openclaw's schedule of session wake-ups.

`OwnedSystem.claim_work(kind, key)` claims the key (optionally waiting while someone
else holds it) and gives back an `OwnedRun`, or None when the key is held elsewhere.
`OwnedRun.run(job)` runs the job inside the run's delivery (`actors.delivery`: its
writes are fenced, `still_owned()` renews before an act no fence can guard) and then
gives the key up itself: released when the job returned (the work is done), abandoned
when it raised or was cut short (a shutdown), so that it lapses at once still naming
its owner and the takeover loop — here or in another process — resumes it. The job
never sees the lease.

A kind may declare a `waiting` kind: while a claim waits for a busy key it holds the
key of the waiting kind, so should its process die while it waits, the waiting
kind's lease lapses unreleased and the takeover sees the work was left waiting.
When the takeover loop takes a lapsed work key over, the runtime claims it, clears a
dead waiter's key, and hands the claimed run to the kind's `resume(key, run)`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from actors.delivery import Delivery, delivering
from actors.ownership import Holding, LeaseStore, hold, lease_name

logger = logging.getLogger("actors.work")

T = TypeVar("T")


class OwnedRun:
    """Work claimed for one key: run it with `run`, or give it back unrun with `give_back`."""

    def __init__(self, holding: Holding) -> None:
        self._holding = holding

    async def run(self, job: Callable[[], Awaitable[T]]) -> T:
        """Run `job` under the claim, then give the key up: released when it returned,
        abandoned (to be taken over) when it raised or was cancelled."""
        finished = False
        try:
            with delivering(Delivery(self._holding.fence, holding=self._holding)):
                result = await job()
            finished = True
            return result
        finally:
            await asyncio.shield(self._holding.release(finished=finished))

    async def give_back(self, *, finished: bool = True) -> None:
        """Give the key up without running anything (`finished=False`: to be taken over)."""
        await self._holding.release(finished=finished)


async def claim_work(leases: LeaseStore, kind: str, key: str, ttl_s: float,
                     waiting: str | None = None, pause_s: float | None = None
                     ) -> OwnedRun | None:
    """Claim `kind:key` for work; None when it is held elsewhere. With `pause_s`, wait
    while it is held (looking every `pause_s`), holding `waiting:key` meanwhile."""
    name = lease_name(kind, key)
    if pause_s is None:
        holding = await hold(leases, name, ttl_s)
        return None if holding is None else OwnedRun(holding)
    waiter: Holding | None = None
    cut_short = False
    try:
        while True:
            holding = await hold(leases, name, ttl_s)
            if holding is not None:
                return OwnedRun(holding)
            if waiter is None and waiting is not None:  # None too while another waits here
                waiter = await hold(leases, lease_name(waiting, key), ttl_s)
            await asyncio.sleep(pause_s)
    except asyncio.CancelledError:
        cut_short = True
        raise
    finally:
        if waiter is not None:
            # Cut short (shutdown): leave it abandoned, for another process to take over.
            await asyncio.shield(waiter.release(finished=not cut_short))


async def clear_waiter(leases: LeaseStore, waiting: str, key: str, ttl_s: float) -> None:
    """Take over a dead waiter's `waiting:key` (if nobody live holds it) and let it go."""
    waiter = await hold(leases, lease_name(waiting, key), ttl_s)
    if waiter is not None:
        await waiter.release()
