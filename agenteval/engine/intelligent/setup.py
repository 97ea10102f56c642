"""Starting the intelligent-evaluation engine with the services (and stopping it)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from agenteval.drivers import openclaw  # noqa: F401 - registers the openclaw driver
from agenteval.drivers.builtin import runner  # noqa: F401 - registers the builtin driver
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.intelligent.wakeups import WakeUps, create_notifier
from agenteval.engine.intelligent.watchdog import run_forever


async def start_intelligent_engine(services: Any, stack: contextlib.AsyncExitStack) -> None:
    """Build the engine into `services.intelligent` and start the watchdog task.

    Registered on `stack` after the actor system, so on close the watchdog and
    the wake-ups stop first, then the actors drain.
    """
    wakeups = WakeUps(create_notifier(services.settings.driver, services))
    engine = IntelligentEngine(settings=services.settings, events=services.events,
                               actors=services.actors, channels=services.channels,
                               wakeups=wakeups)
    services.intelligent = engine
    stack.push_async_callback(wakeups.aclose)
    if services.settings.watchdog_interval_s > 0:
        task = asyncio.get_running_loop().create_task(run_forever(engine), name="watchdog")
        services.background.append(task)

        async def stop_watchdog() -> None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        stack.push_async_callback(stop_watchdog)
