"""The interval policy: work done once per `ttl_s` across every process (a retention purge).

The runtime claims the kind's one lease (`"<kind>:cluster"`) for `ttl_s` and leaves it
to expire, neither renewed nor released: whoever claims it does the work (the kind's
`take_over`), the others find it held and skip, and the next run is due once it
expires, in whichever process looks first. Work that fails or is cut short gives the
lease up, so the next look — here or elsewhere — does it. The one takeover loop looks
at most every `check_s`, and runs the work as a task of its own, so a long purge
never holds up taking over the other kinds; stopping the loop cancels it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from actors.delivery import Delivery, delivering
from actors.ownership import LeaseStore, lease_name

logger = logging.getLogger("actors.interval")

T = TypeVar("T")
CLUSTER_KEY = "cluster"  # the one key of an interval kind: the work is the cluster's


class IntervalKind(Protocol):
    """What this policy reads of its `EntityKind` (actors.owned)."""

    @property
    def name(self) -> str: ...
    @property
    def ttl_s(self) -> float: ...
    @property
    def check_s(self) -> float: ...
    @property
    def take_over(self) -> Callable[[str], Awaitable[None]] | None: ...


async def once_per_interval(leases: LeaseStore, name: str, ttl_s: float,
                            work: Callable[[], Awaitable[T]]) -> T | None:
    """Do `work` if no process did within `ttl_s` (claiming `name` for it); its result, or
    None when it was not due."""
    fence = await leases.claim(name, ttl_s)
    if fence is None:
        return None
    try:
        with delivering(Delivery(fence)):
            return await work()
    except BaseException:
        # Failed or cut short (a shutdown): let the next look, here or elsewhere, do it.
        with contextlib.suppress(Exception):
            await asyncio.shield(leases.release(fence))
        raise


class IntervalWork:
    """The interval kinds' runs started by the takeover loop, one at a time per kind."""

    def __init__(self, leases: LeaseStore) -> None:
        self.leases = leases
        self._runs: dict[str, asyncio.Task[None]] = {}
        self._looked: dict[str, float] = {}

    def look(self, kind: IntervalKind) -> bool:
        """Start a run of `kind` unless one is in flight here or it looked within
        `check_s`; whether it started one."""
        loop = asyncio.get_running_loop()
        running = self._runs.get(kind.name)
        last = self._looked.get(kind.name)
        if (running is not None and not running.done()) or (
                last is not None and loop.time() - last < kind.check_s):
            return False
        self._looked[kind.name] = loop.time()
        self._runs[kind.name] = loop.create_task(self._run(kind), name=f"{kind.name} (interval)")
        return True

    async def _run(self, kind: IntervalKind) -> None:
        assert kind.take_over is not None
        take_over = kind.take_over
        try:
            await once_per_interval(self.leases, lease_name(kind.name, CLUSTER_KEY), kind.ttl_s,
                                    lambda: take_over(CLUSTER_KEY))
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the next look tries again
            logger.exception("%s failed; trying again at the next look", kind.name)

    async def stop(self) -> None:
        runs, self._runs = list(self._runs.values()), {}
        for run in runs:
            run.cancel()
        if runs:
            await asyncio.gather(*runs, return_exceptions=True)
