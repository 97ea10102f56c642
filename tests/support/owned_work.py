"""An actor runtime with the driving kinds declared, for tests of wake-ups and takeovers
that stand for one process each (the lease store, not the object, keeps them apart)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from actors import ActorSystem, EntityKind, OwnedRun, OwnedSystem
from actors.ownership import lease_name
from agenteval.domain.owned_kinds import DRIVE, DRIVE_WAIT
from agenteval.store.leases import DatabaseLeases


def driving_system(ttl_s: float,
                   resume: Callable[[str, OwnedRun], Awaitable[None]] | None = None
                   ) -> OwnedSystem:
    return OwnedSystem(ActorSystem(), DatabaseLeases(), [
        EntityKind(DRIVE, "work", ttl_s, waiting=DRIVE_WAIT, resume=resume),
        EntityKind(DRIVE_WAIT, "work", ttl_s)])


def drive_lease_name(eval_id: str) -> str:
    """The lease of driving an eval (the built-in driver's role work)."""
    return lease_name(DRIVE, eval_id)


def waiting_lease_name(eval_id: str) -> str:
    """Held by a wake-up while it waits for the eval's busy drive."""
    return lease_name(DRIVE_WAIT, eval_id)


async def lapsed_drives() -> list[str]:
    """The evals nobody drives (the `drive` kind's lapsed keys)."""
    return await DatabaseLeases().lapsed(DRIVE)
