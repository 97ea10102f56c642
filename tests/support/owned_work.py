"""An actor runtime with the driving kinds declared, for tests of wake-ups and takeovers
that stand for one process each (the lease store, not the object, keeps them apart)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from actors import ActorSystem, EntityKind, OwnedSystem
from agenteval.engine.intelligent.wakeups import DRIVE, DRIVE_WAIT
from agenteval.store.leases import DatabaseLeases


def driving_system(ttl_s: float,
                   take_over: Callable[[str], Awaitable[None]] | None = None) -> OwnedSystem:
    return OwnedSystem(ActorSystem(), DatabaseLeases(), [
        EntityKind(DRIVE, "work", ttl_s, take_over=take_over),
        EntityKind(DRIVE_WAIT, "work", ttl_s)])


async def lapsed_drives() -> list[str]:
    """The evals nobody drives (the `drive` kind's lapsed keys)."""
    return await DatabaseLeases().lapsed(DRIVE)
