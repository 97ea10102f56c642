"""Waking the agent that plays a role (planner, evaluator, analyst) of an intelligent eval.

A `Notifier` wakes one role; the composition root (`agenteval.bootstrap`) picks
it from `settings.driver`. `NoneNotifier` (driver `none`) wakes nobody and
records nothing; the drivers in `agenteval.drivers` record an AGENT_WOKEN
event ({role, driver, ok, runId | error}) through the port they are given.

`WakeUps` runs every wake-up as a background task: never inside a
mutation's transaction, never failing the mutation.

Driving an eval in process (the built-in driver) happens once cluster-wide:
driving is owned work of the entity kind `drive` (declared at the composition
root; `hold` is the actor runtime's `OwnedSystem.hold`). A wake-up first holds
the eval's `drive` key, waiting while another wake-up — in this process or
another — drives the eval, and gives it up when the role's work is done. A
process that dies while driving leaves it to lapse; the runtime's takeover loop
finds such evals (the `drive` kind's lapsed keys) and another process takes
the driving over (`take_over_drive`); a wake-up cut short by a shutdown hands
it over at once. A wake-up waiting for a busy drive holds the eval's
`drive-wait` key meanwhile, so the role it was to play is taken over as well if
its process dies while it waits. Wake-ups asked for before `start` (while the
process is not serving yet) are held back until then.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Literal, Protocol

from actors import Holding, lease_name

logger = logging.getLogger("agenteval.notifier")

Role = Literal["planner", "evaluator", "analyst"]


class Notifier(Protocol):
    """Wakes the agent playing `role` for an eval; `revision` is the eval's planRevision."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None: ...


class NoneNotifier:
    """The `none` driver: agents poll or are started by hand; nothing is recorded."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        return None


DRIVE, DRIVE_WAIT = "drive", "drive-wait"  # the entity kinds (work, no actor)
# (kind, key) → the key held and renewed until released; None while held elsewhere.
HoldWork = Callable[[str, str], Awaitable[Holding | None]]


def drive_lease_name(eval_id: str) -> str:
    """The lease of driving an eval (the built-in driver's role work)."""
    return lease_name(DRIVE, eval_id)


def waiting_lease_name(eval_id: str) -> str:
    """Held by a wake-up while it waits for the eval's busy drive: should its process
    die, it lapses unreleased and shows the role was left waiting."""
    return lease_name(DRIVE_WAIT, eval_id)


class WakeUps:
    """Runs wake-ups in the background and keeps track of them until they finish.

    The engine is built before the driver (the built-in driver is a client of
    the API, which needs the engine), so the root sets `notifier` once both exist;
    until then wake-ups go to `NoneNotifier`. With `hold` every wake-up drives the
    eval as owned work (see the module's docstring); without, it just wakes.
    """

    def __init__(self, notifier: Notifier | None = None, hold: HoldWork | None = None,
                 wait_s: float = 1.0) -> None:
        self.notifier: Notifier = notifier or NoneNotifier()
        self.hold = hold
        self.wait_s = wait_s  # between two looks at a busy drive
        self._tasks: set[asyncio.Task[None]] = set()
        self._held_back: list[tuple[str, Role, int, bool]] | None = None

    def hold_back(self) -> None:
        """Keep wake-ups from now on until `start` (the process does not serve yet)."""
        if self._held_back is None:
            self._held_back = []

    def start(self) -> None:
        """Run the wake-ups held back, and every later one at once."""
        held, self._held_back = self._held_back or [], None
        for eval_id, role, revision, unless_driven in held:
            self.wake(eval_id, role, revision, unless_driven=unless_driven)

    def wake(self, eval_id: str, role: Role, revision: int,
             driving: Holding | None = None, unless_driven: bool = False) -> None:
        """Wake `role` in the background; `driving`: the eval's drive, already held;
        `unless_driven`: skip it when another wake-up drives the eval now (start-up)."""
        if self._held_back is not None and driving is None:
            self._held_back.append((eval_id, role, revision, unless_driven))
            return
        task = asyncio.get_running_loop().create_task(
            self._run(eval_id, role, revision, driving, unless_driven),
            name=f"wake {role} of eval {eval_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, eval_id: str, role: Role, revision: int,
                   driving: Holding | None, unless_driven: bool = False) -> None:
        cut_short = False
        try:
            if driving is None and self.hold is not None:
                if unless_driven:
                    driving = await self.hold(DRIVE, eval_id)
                    if driving is None:
                        return  # driven elsewhere right now
                else:
                    driving = await self._hold_drive(eval_id, self.hold)
            await self.notifier.wake(eval_id, role, revision)
        except asyncio.CancelledError:
            cut_short = True
            raise
        except Exception:  # noqa: BLE001 - a failed wake-up never fails the eval
            logger.exception("waking the %s of eval %s failed", role, eval_id)
        finally:
            if driving is not None:
                # Cut short (shutdown): hand the driving over at once, else: done.
                await asyncio.shield(driving.release(finished=not cut_short))

    async def _hold_drive(self, eval_id: str, hold: HoldWork) -> Holding:
        """Hold the eval's drive, waiting while someone else drives the eval.

        While it waits it holds the eval's `drive-wait` key, so that if this process
        dies meanwhile another one sees the role left waiting."""
        waiting: Holding | None = None
        cut_short = False
        try:
            while True:
                driving = await hold(DRIVE, eval_id)
                if driving is not None:
                    return driving
                if waiting is None:  # None too while another wake-up here holds it
                    waiting = await hold(DRIVE_WAIT, eval_id)
                await asyncio.sleep(self.wait_s)
        except asyncio.CancelledError:
            cut_short = True
            raise
        finally:
            if waiting is not None:
                # Cut short (shutdown): leave it abandoned, for another process to take over.
                await asyncio.shield(waiting.release(finished=not cut_short))

    async def take_over_drive(self, eval_id: str,
                              role_waiting: Callable[[str], Awaitable[tuple[Role, int] | None]]
                              ) -> None:
        """Drive an eval nobody drives (the `drive` kind's takeover): its waiting role
        (`role_waiting`: the role and plan revision, None when none waits) is woken here."""
        assert self.hold is not None
        driving = await self.hold(DRIVE, eval_id)
        if driving is None:
            return  # another process took it first
        waiting = await self.hold(DRIVE_WAIT, eval_id)  # a dead wake-up's: taken over here
        if waiting is not None:
            await waiting.release()
        try:
            found = await role_waiting(eval_id)
        except BaseException:
            await driving.release(finished=False)
            raise
        if found is None:
            await driving.release()
            return
        role, revision = found
        logger.info("taking over the %s of eval %s: nobody drives it", role, eval_id)
        self.wake(eval_id, role, revision, driving=driving)

    async def drain(self) -> None:
        """Wait for the wake-ups in flight (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
