"""A database lease claimed and kept renewing, as the runtime keeps one (`actors.Holding`
over `DatabaseLeases`): for tests of renewal and confirmation on a real database."""

from __future__ import annotations

from actors.ownership import Holding
from agenteval.store import leases


async def claim_kept(name: str, ttl_s: float) -> Holding | None:
    """`claim` and keep renewing; None when someone else holds it."""
    fence = await leases.claim(name, ttl_s)
    return None if fence is None else Holding(leases.DatabaseLeases(), fence, ttl_s)
