"""The work a process takes on from the cluster once it serves (see agenteval.bootstrap).

Claiming runs nobody executes, the watchdog, taking over the driving of evals
whose driver died: loops that each process runs, coordinated by leases. They
start only once the server listens (a process that cannot bind takes no work)
and stop first on shutdown (no new work while what is in flight finishes).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from agenteval.engine.intelligent.wakeups import WakeUps

logger = logging.getLogger("agenteval")

# A loop that ignores its cancellation is a bug; shutdown names it and goes on
# rather than waiting forever.
STOP_DEADLINE_S = 10.0


class BackgroundWork:
    """Named loops run as tasks between `start` and `stop`; wake-ups held back until `start`."""

    def __init__(self, wakeups: WakeUps) -> None:
        self.wakeups = wakeups
        self.loops: list[tuple[str, Callable[[], Coroutine[Any, Any, None]]]] = []
        self._tasks: list[asyncio.Task[None]] = []
        self.started = False

    async def start(self) -> None:
        """Start every loop and the wake-ups held back (once; later calls do nothing)."""
        if self.started:
            return
        self.started = True
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(work(), name=name) for name, work in self.loops]
        self.wakeups.start()

    async def stop(self) -> None:
        """Stop taking work (the actors then finish what is in flight and release leases)."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            _, pending = await asyncio.wait(self._tasks, timeout=STOP_DEADLINE_S)
            for task in pending:
                logger.error("background loop %r did not stop within %.0f s of its "
                             "cancellation; shutting down without it",
                             task.get_name(), STOP_DEADLINE_S)
        self._tasks = []
