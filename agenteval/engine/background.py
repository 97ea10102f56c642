"""The work a process takes on from the cluster once it serves (see agenteval.bootstrap).

Named loops — the one takeover loop of the owned entity kinds, which also runs the
watchdog, the webhook sender and retention, coordinated across processes by the
owned system (actors.owned) — plus what was held back until the process serves
(the wake-ups). They start only once the server listens (a process that cannot
bind takes no work) and stop first on shutdown (no new work while what is in
flight finishes).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

logger = logging.getLogger("agenteval")

# A loop that ignores its cancellation is a bug; shutdown names it and goes on
# rather than waiting forever.
STOP_DEADLINE_S = 10.0


class BackgroundWork:
    """Named loops run as tasks between `start` and `stop`; `on_start` callbacks (work held
    back until the process serves) run once at `start`."""

    def __init__(self, loops: list[tuple[str, Callable[[], Coroutine[Any, Any, None]]]]
                 | None = None, on_start: list[Callable[[], None]] | None = None) -> None:
        self.loops = list(loops or [])
        self.on_start = list(on_start or [])
        self._tasks: list[asyncio.Task[None]] = []
        self.started = False

    async def start(self) -> None:
        """Start every loop and run `on_start` (once; later calls do nothing)."""
        if self.started:
            return
        self.started = True
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(work(), name=name) for name, work in self.loops]
        for start in self.on_start:
            start()

    async def stop(self) -> None:
        """Stop taking work (the actors then finish what is in flight and give their keys up)."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            _, pending = await asyncio.wait(self._tasks, timeout=STOP_DEADLINE_S)
            for task in pending:
                logger.error("background loop %r did not stop within %.0f s of its "
                             "cancellation; shutting down without it",
                             task.get_name(), STOP_DEADLINE_S)
        self._tasks = []
