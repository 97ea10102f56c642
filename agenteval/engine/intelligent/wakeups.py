"""Waking the agent that plays a role (planner, evaluator, analyst) of an intelligent eval.

A `Notifier` wakes one role; the composition root (`agenteval.bootstrap`) picks
it from `settings.driver`. `NoneNotifier` (driver `none`) wakes nobody and
records nothing; the drivers in `agenteval.drivers` record an AGENT_WOKEN
event ({role, driver, ok, runId | error}) through the port they are given.

`WakeUps` runs every wake-up as a background task: never inside a
mutation's transaction, never failing the mutation.

Driving an eval in process (the built-in driver) happens once cluster-wide:
driving is owned work of the entity kind `drive` (declared at the composition
root, with `drive-wait` as its waiting kind; `owned` is the actor runtime). A
wake-up first claims the eval's `drive` key through the runtime, waiting while
another wake-up — in this process or another — drives the eval, and runs the
role's work under that claim; the runtime gives the key up when the work is done
(or hands it over at once when a shutdown cuts it short). A process that dies
while driving leaves it to lapse; the runtime's takeover loop finds such evals
(the `drive` kind's lapsed keys), claims the drive and hands it to
`resume_drive`, which wakes the role still waiting. Wake-ups asked for before
`start` (while the process is not serving yet) are held back until then.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Literal, Protocol

from actors import OwnedRun, OwnedSystem
from agenteval.domain.owned_kinds import DRIVE

logger = logging.getLogger("agenteval.notifier")

Role = Literal["planner", "evaluator", "analyst"]


class Notifier(Protocol):
    """Wakes the agent playing `role` for an eval; `revision` is the eval's planRevision."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None: ...


class NoneNotifier:
    """The `none` driver: agents poll or are started by hand; nothing is recorded."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        return None


# An eval → the role it waits for and its plan revision (None: none waits).
RoleWaiting = Callable[[str], Awaitable[tuple[Role, int] | None]]


class WakeUps:
    """Runs wake-ups in the background and keeps track of them until they finish.

    The driver (`notifier`) is a client of the API, which needs the engine: the root
    builds it first with a lazy connection to the API, which it opens only once the
    work has started. With `owned` every wake-up drives the eval as owned work (see
    the module's docstring); without, it just wakes.
    """

    def __init__(self, notifier: Notifier | None = None, owned: OwnedSystem | None = None,
                 wait_s: float = 1.0, *, held_back: bool = False) -> None:
        """`held_back`: keep every wake-up until `start` (a process that does not serve yet)."""
        self.notifier: Notifier = notifier or NoneNotifier()
        self.owned = owned
        self.wait_s = wait_s  # between two looks at a busy drive
        self._tasks: set[asyncio.Task[None]] = set()
        self._held_back: list[tuple[str, Role, int, bool]] | None = [] if held_back else None

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
             driving: OwnedRun | None = None, unless_driven: bool = False) -> None:
        """Wake `role` in the background; `driving`: the eval's drive, already claimed;
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
                   driving: OwnedRun | None, unless_driven: bool = False) -> None:
        if driving is None and self.owned is not None:
            driving = await self.owned.claim_work(
                DRIVE, eval_id, wait_s=None if unless_driven else self.wait_s)
            if driving is None:
                return  # driven elsewhere right now
        if driving is None:
            await self._wake(eval_id, role, revision)
        else:  # given up once woken; handed over at once when cut short (a shutdown)
            await driving.run(lambda: self._wake(eval_id, role, revision))

    async def _wake(self, eval_id: str, role: Role, revision: int) -> None:
        try:
            await self.notifier.wake(eval_id, role, revision)
        except Exception:  # noqa: BLE001 - a failed wake-up never fails the eval
            logger.exception("waking the %s of eval %s failed", role, eval_id)

    def resumer(self, role_waiting: RoleWaiting
                ) -> Callable[[str, OwnedRun], Awaitable[None]]:
        """The `drive` kind's `resume`: drive an eval nobody drives (claimed by the
        takeover loop); its waiting role (`role_waiting`) is woken here."""

        async def resume_drive(eval_id: str, driving: OwnedRun) -> None:
            found = await role_waiting(eval_id)  # raising: the runtime hands it over
            if found is None:
                await driving.give_back()
                return
            role, revision = found
            logger.info("taking over the %s of eval %s: nobody drives it", role, eval_id)
            self.wake(eval_id, role, revision, driving=driving)

        return resume_drive

    async def drain(self) -> None:
        """Wait for the wake-ups in flight (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
