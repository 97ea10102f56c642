"""Waking the agent that plays a role (planner, evaluator, analyst) of an intelligent eval.

A `Notifier` wakes one role; the composition root (`agenteval.bootstrap`) picks
it from `settings.driver`. `NoneNotifier` (driver `none`) wakes nobody and
records nothing; the drivers in `agenteval.drivers` record an AGENT_WOKEN
event ({role, driver, ok, runId | error}) through the port they are given.

`WakeUps` runs every wake-up as a background task: never inside a
mutation's transaction, never failing the mutation.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Literal, Protocol

logger = logging.getLogger("agenteval.notifier")

Role = Literal["planner", "evaluator", "analyst"]


class Notifier(Protocol):
    """Wakes the agent playing `role` for an eval; `revision` is the eval's planRevision."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None: ...


class NoneNotifier:
    """The `none` driver: agents poll or are started by hand; nothing is recorded."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        return None


class WakeUps:
    """Runs wake-ups in the background and keeps track of them until they finish.

    The engine is built before the driver (the built-in driver is a client of
    the API, which needs the engine), so the root sets `notifier` once both exist;
    until then wake-ups go to `NoneNotifier`.
    """

    def __init__(self, notifier: Notifier | None = None) -> None:
        self.notifier: Notifier = notifier or NoneNotifier()
        self._tasks: set[asyncio.Task[None]] = set()

    def wake(self, eval_id: str, role: Role, revision: int) -> None:
        task = asyncio.get_running_loop().create_task(
            self._run(eval_id, role, revision), name=f"wake {role} of eval {eval_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, eval_id: str, role: Role, revision: int) -> None:
        try:
            await self.notifier.wake(eval_id, role, revision)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a failed wake-up never fails the eval
            logger.exception("waking the %s of eval %s failed", role, eval_id)

    async def drain(self) -> None:
        """Wait for the wake-ups in flight (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
