"""Waking the agent that plays a role (planner, evaluator, analyst) of an intelligent eval.

A driver is a `Notifier` registered by name; `settings.driver` picks one. The
`none` driver wakes nobody and records nothing. Drivers that exist later
(`builtin`, `openclaw`) record an AGENT_WOKEN event ({role, driver, ok,
runId | error}) through `eval_events.record_event`. Until a driver is
registered, its name behaves like `none` and says so once in the log.

`WakeUps` runs every wake-up as a background task: never inside a
mutation's transaction, never failing the mutation.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Literal, Protocol

logger = logging.getLogger("agenteval.notifier")

Role = Literal["planner", "evaluator", "analyst"]


class Notifier(Protocol):
    """Wakes the agent playing `role` for an eval; `revision` is the eval's planRevision."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None: ...


class NoneNotifier:
    """The `none` driver: agents poll or are started by hand; nothing is recorded."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        return None


# A driver factory receives the Services (settings, events, channels …) it may need.
NotifierFactory = Callable[[Any], Notifier]
_DRIVERS: dict[str, NotifierFactory] = {"none": lambda services: NoneNotifier()}


def register_driver(name: str, factory: NotifierFactory) -> None:
    """Make `settings.driver == name` build its notifier with `factory(services)`."""
    _DRIVERS[name] = factory


_WARNED: set[str] = set()


def create_notifier(driver: str, services: Any = None) -> Notifier:
    factory = _DRIVERS.get(driver)
    if factory is None:
        if driver in _WARNED:
            return NoneNotifier()
        _WARNED.add(driver)
        logger.warning("driver %r is not available yet: agents will not be woken "
                       "(behaves like driver 'none')", driver)
        return NoneNotifier()
    return factory(services)


class WakeUps:
    """Runs wake-ups in the background and keeps track of them until they finish."""

    def __init__(self, notifier: Notifier) -> None:
        self.notifier = notifier
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
