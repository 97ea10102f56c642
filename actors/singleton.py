"""The singleton policy: one loop of work runs in one process of the cluster at a time (a
webhook sender) — Akka's cluster singleton, on a lease.

The takeover loop starts the kind's run wherever none runs: the run claims the kind's one
lease (`"<kind>:cluster"`); a process that finds it held skips until its next look. The
holder renews the lease in the background and calls the kind's `step()` every
`step_s`, inside the run's delivery (`actors.delivery`), whose fence the store adapters
apply to the step's writes. The run ends when:

- a renewal finds the lease gone, or a step's fenced write is refused (`OwnershipLost`):
  another process took over after this one stopped past the expiry; nothing is released;
- the loop is stopped (a shutdown): the lease is released, so another process's next
  look takes the work at once.

A step that fails otherwise is logged and the next step tries again. A step is never
started on a lease last renewed longer than a third of its ttl ago (this process was
stopped, say) without renewing it first: an act no fence guards (a request to another
system) is then not made by a process that lost the work. Each run is a task of its own:
a slow step never holds up taking over the other kinds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from actors.delivery import Delivery, delivering
from actors.interval import CLUSTER_KEY
from actors.ownership import Holding, LeaseStore, OwnershipLost, hold, lease_name

logger = logging.getLogger("actors.singleton")


class SingletonKind(Protocol):
    """What this policy reads of its `EntityKind` (actors.owned)."""

    @property
    def name(self) -> str: ...
    @property
    def ttl_s(self) -> float: ...
    @property
    def step_s(self) -> float: ...
    @property
    def step(self) -> Callable[[], Awaitable[Any]] | None: ...


class SingletonWork:
    """The singleton kinds' runs in this process, at most one per kind."""

    def __init__(self, leases: LeaseStore) -> None:
        self.leases = leases
        self._runs: dict[str, asyncio.Task[None]] = {}

    def running(self, kind: str) -> bool:
        """Whether this process runs `kind`'s loop now (it may still be claiming)."""
        run = self._runs.get(kind)
        return run is not None and not run.done()

    def look(self, kind: SingletonKind) -> bool:
        """Start a run of `kind` unless one is in flight here; whether it started one."""
        if self.running(kind.name):
            return False
        self._runs[kind.name] = asyncio.get_running_loop().create_task(
            self._run(kind), name=f"{kind.name} (singleton)")
        return True

    async def _run(self, kind: SingletonKind) -> None:
        try:
            holding = await hold(self.leases, lease_name(kind.name, CLUSTER_KEY), kind.ttl_s)
        except Exception:  # noqa: BLE001 - e.g. the database is away: the next look claims
            logger.warning("claiming the %s singleton failed", kind.name, exc_info=True)
            return
        if holding is None:
            return  # another process runs it
        run = asyncio.current_task()
        assert run is not None

        def stop_mid_step() -> None:  # a renewal found the lease taken over
            if asyncio.current_task() is not run:
                run.cancel()

        holding.on_lost = stop_mid_step
        logger.info("running the %s singleton here", kind.name)
        try:
            with delivering(Delivery(holding.fence, holding=holding)):
                await self._steps(kind, holding)
        except asyncio.CancelledError:
            if not holding.lost:
                raise  # stopped: the release below hands the work over
        finally:
            # Shielded: a shutdown's cancellation must not leave the lease to expire.
            await asyncio.shield(holding.release())
        logger.warning("the %s singleton moved to another process", kind.name)

    async def _steps(self, kind: SingletonKind, holding: Holding) -> None:
        assert kind.step is not None
        loop = asyncio.get_running_loop()
        while True:
            if loop.time() - holding.renewed_at > kind.ttl_s / 3 and not await holding.confirm():
                return
            try:
                await kind.step()
            except OwnershipLost:
                logger.warning("a write of the %s singleton was refused", kind.name)
                holding.lost = True
                return
            except Exception:  # noqa: BLE001 - one bad step must not stop the work
                logger.exception("%s step failed; trying again in %g s", kind.name, kind.step_s)
            await asyncio.sleep(kind.step_s)

    async def stop(self) -> None:
        """Stop every run (each gives its lease up)."""
        runs, self._runs = list(self._runs.values()), {}
        for run in runs:
            run.cancel()
        if runs:
            await asyncio.gather(*runs, return_exceptions=True)
