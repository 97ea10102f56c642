"""The long-lived parts of a running service, started and stopped in one place."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from actors import ActorSystem
from agenteval.channels import ChannelFactory, create_channel_factory
from agenteval.config import Settings
from agenteval.store import api_keys, database
from agenteval.store.event_bus import EventBus, create_event_bus

logger = logging.getLogger("agenteval")


@dataclass
class Services:
    settings: Settings
    events: EventBus
    actors: ActorSystem
    channels: ChannelFactory
    # Background tasks owned by the service (watchdog, drivers); cancelled on close.
    background: list[Any] = field(default_factory=list)
    # --- intelligent evaluation (issue #4): the engine the API asks ---
    intelligent: Any = None


@contextlib.asynccontextmanager
async def running_services(settings: Settings, *, migrate: bool = True) -> AsyncIterator[Services]:
    """Database, event bus, actors and channels, in start order; closed in reverse."""
    async with contextlib.AsyncExitStack() as stack:
        if migrate:
            await database.migrate(settings.database_url)
        await database.open_database(settings.database_url)
        stack.push_async_callback(database.close_database)
        await _ensure_keys(settings)

        events = create_event_bus(settings.redis_url)
        await events.start()
        stack.push_async_callback(events.close)

        channels = create_channel_factory()
        stack.push_async_callback(channels.aclose)

        actors = ActorSystem(idle_timeout=600.0, forget_failed=True)
        stack.push_async_callback(actors.shutdown, 10.0)

        services = Services(settings=settings, events=events, actors=actors, channels=channels)
        # --- intelligent evaluation (issue #4): engine, wake-ups, watchdog ---
        from agenteval.engine.intelligent.setup import start_intelligent_engine

        await start_intelligent_engine(services, stack)
        # --- end intelligent evaluation ---
        # --- static evaluation (issue #5): resume QUEUED/RUNNING runs ---
        if settings.resume_runs:
            from agenteval.engine.static.run_actor import resume_unfinished_runs

            await resume_unfinished_runs(services)
        # --- end static evaluation ---
        from agenteval.drivers.builtin.startup import start_driver

        await start_driver(services)
        yield services


async def _ensure_keys(settings: Settings) -> None:
    if settings.admin_key:
        await api_keys.ensure_admin_key(settings.admin_key)
        return
    secret = await api_keys.bootstrap_admin_key()
    if secret:
        # Printed once, on the very first start: it is stored only as a hash.
        banner = "=" * 72
        print(f"\n{banner}\nFirst start: created an ADMIN API key. It is shown only once:\n\n"
              f"    {secret}\n\nSend it as the X-API-Key header (GraphiQL: Headers tab).\n"
              f"{banner}\n", flush=True)
