"""`MemoryLeases`: a `LeaseStore` in memory, so ownership is tested without a database.

Several `MemoryLeases` sharing one `MemoryLeases.table` act as several processes on
one database. `fence` is checked at once (there is no transaction to join), and
`lapsed(kind)` lists the keys whose lease expired or was handed over (released with
`finished=False`, or by `release` for a kind listed in `lapse_when_released`): the
same meaning the database store gives it for kinds with no rows of their own.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from actors.ownership import Fence, OwnershipLost


@dataclass
class _Row:
    owner: str
    epoch: int
    expires_at: float


@dataclass
class MemoryLeases:
    owner: str = "memory"
    table: dict[str, _Row] = field(default_factory=dict)
    clock: Callable[[], float] = time.monotonic
    # Kinds whose released lease still needs an owner (work not done when it is let go).
    lapse_when_released: frozenset[str] = frozenset()
    claims: int = 0

    def sharing(self, owner: str) -> MemoryLeases:
        """Another process on the same leases."""
        return MemoryLeases(owner, self.table, self.clock, self.lapse_when_released)

    async def claim(self, name: str, ttl_s: float) -> Fence | None:
        now = self.clock()
        row = self.table.get(name)
        if row is not None and row.expires_at >= now:
            return None
        epoch = 1 if row is None else row.epoch + 1
        self.table[name] = _Row(self.owner, epoch, now + ttl_s)
        self.claims += 1
        return Fence(name, self.owner, epoch)

    def _holds(self, fence: Fence) -> _Row | None:
        row = self.table.get(fence.name)
        if row is None or row.owner != fence.owner or row.epoch != fence.epoch:
            return None
        return row

    async def renew(self, fence: Fence, ttl_s: float) -> bool:
        row = self._holds(fence)
        if row is None:
            return False
        row.expires_at = self.clock() + ttl_s
        return True

    async def release(self, fence: Fence, *, finished: bool = True) -> None:
        row = self._holds(fence)
        if row is not None:
            row.expires_at = float("-inf")
            if finished:
                row.owner = ""

    async def fence(self, fence: Fence) -> None:
        if self._holds(fence) is None:
            raise OwnershipLost(fence.name)

    async def lapsed(self, kind: str, limit: int | None = None) -> list[str]:
        now = self.clock()
        keys = [name.partition(":")[2] for name, row in self.table.items()
                if name.startswith(f"{kind}:") and row.expires_at < now
                and (row.owner or kind in self.lapse_when_released)]
        return keys if limit is None else keys[:limit]
