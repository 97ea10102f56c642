"""Owning a key across processes: the `LeaseStore` port, the `Fence` a write carries, and
`Holding`, a claimed lease kept alive in the background.

A lease is named `"<kind>:<key>"` (`lease_name`). `claim` takes it when nobody holds it
(or its holder let it expire) and returns a `Fence`: the name, the owner and the
epoch, which grows by one with every claim. A write made on behalf of the owner
passes its fence to its store, which checks it (`LeaseStore.fence`) inside the
write's own transaction: a process that lost the lease (stopped past the expiry)
has its writes refused with `OwnershipLost`. `lapsed(kind)` lists the keys of a
kind whose owner is gone, for the runtime's one takeover loop (`OwnedSystem`).

The runtime is domain-free: what "lapsed" means for a kind (a run still queued,
an eval still waiting for a role) is the store's, which implements this port
(agenteval.store.leases; `actors.memory_leases` for tests).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from actors.errors import ActorError

logger = logging.getLogger("actors.ownership")


def lease_name(kind: str, key: str) -> str:
    """The one spelling of a key's lease name; stores build theirs from it."""
    return f"{kind}:{key}"


@dataclass(frozen=True)
class Fence:
    """The lease a write is made under: its name, owner and epoch (the fencing token).

    Only the runtime and the store adapters handle it (see `actors.delivery`)."""

    name: str
    owner: str
    epoch: int


class OwnershipLost(ActorError):
    """The lease has another owner or a newer epoch: nothing was written.

    Raised by a store port's fenced write; the runtime stops the activation and
    answers the message as a process that does not own the key would.
    """

    def __init__(self, name: str) -> None:
        super().__init__(f"lease {name} is no longer this process's")
        self.name = name


class VersionConflict(ActorError):
    """A store port's compare-and-set found the row's version moved on: nothing was written.

    The write was computed on state another writer changed meanwhile. For a per-message
    kind the runtime reloads the actor's state (`OwnedActor.load`) and delivers the
    message again, a few times at most (then this reaches the asker).
    """

    def __init__(self, what: str) -> None:
        super().__init__(f"{what} changed concurrently")
        self.what = what


class OwnerBusy(ActorError):
    """Another process holds the key's per-message lease for longer than one may wait."""

    def __init__(self, name: str) -> None:
        super().__init__(f"another process's work on {name} is still in flight")
        self.name = name


class LeaseStore(Protocol):
    """Where leases live (a database shared by every process)."""

    owner: str  # this process, as lease owner

    async def claim(self, name: str, ttl_s: float) -> Fence | None:
        """The lease if nobody holds it (or its holder let it expire); None otherwise."""

    async def renew(self, fence: Fence, ttl_s: float) -> bool:
        """Push the expiry on; False when the lease is no longer `fence`'s."""

    async def release(self, fence: Fence, *, finished: bool = True) -> None:
        """Give the lease up now. `finished=False`: the work was cut short (a shutdown),
        so the lease lapses still naming its owner and counts as lapsed at once."""

    async def fence(self, fence: Fence) -> None:
        """Inside a write's transaction: raise `OwnershipLost` unless `fence` still holds."""

    async def lapsed(self, kind: str, limit: int | None = None) -> list[str]:
        """Keys of `kind` whose work has no live owner (to take over), at most `limit`."""


class Holding:
    """A claimed lease renewed every third of `ttl_s` until released.

    When a renewal finds the lease gone (another process claimed it after this one
    stopped past the expiry), `lost` is set and `on_lost` is called. A renewal that
    fails on an error of the store is retried at the next tick (the lease may still
    be live). The next renewal waits on a timer, not a task: most holdings (a turn,
    an eval's command) are released long before it fires, and a timer costs the
    event loop nothing to cancel. `renewed_at` (the event loop's clock) is when the
    last successful claim or renewal was sent.
    """

    def __init__(self, store: LeaseStore, fence: Fence, ttl_s: float,
                 on_lost: Callable[[], None] | None = None) -> None:
        self.store = store
        self.fence = fence
        self.ttl_s = ttl_s
        self.lost = False
        self.on_lost = on_lost
        self._loop = asyncio.get_running_loop()
        self.renewed_at = self._loop.time()
        self._renewal: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._stopped = False
        self._schedule()

    def _schedule(self) -> None:
        if not self._stopped:
            self._timer = self._loop.call_later(self.ttl_s / 3, self._tick)

    def _tick(self) -> None:
        self._timer = None
        self._renewal = self._loop.create_task(self._renew(), name=f"lease {self.fence.name}")

    def _mark_lost(self) -> None:
        if not self.lost:
            self.lost = True
            logger.warning("lease %s (epoch %d) was taken over", self.fence.name,
                           self.fence.epoch)
            if self.on_lost is not None:
                self.on_lost()

    async def _renew(self) -> None:
        sent = self._loop.time()
        try:
            renewed = await self.store.renew(self.fence, self.ttl_s)
            if renewed:
                self.renewed_at = max(self.renewed_at, sent)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a hiccup of the store: try again at the next tick
            logger.warning("could not renew lease %s; retrying", self.fence.name,
                           exc_info=True)
            renewed = True
        self._renewal = None
        if renewed:
            self._schedule()
        else:
            self._mark_lost()

    async def confirm(self) -> bool:
        """Renew now, before an act no fence can guard (a request to another system):
        whether the lease is still this one's (False also sets `lost`)."""
        if self.lost:
            return False
        sent = self._loop.time()
        if await self.store.renew(self.fence, self.ttl_s):
            self.renewed_at = max(self.renewed_at, sent)
        else:
            self._mark_lost()
        return not self.lost

    async def stop_renewing(self) -> None:
        self._stopped = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        renewal, self._renewal = self._renewal, None
        if renewal is not None:
            renewal.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await renewal

    async def release(self, *, finished: bool = True) -> None:
        """Stop renewing and give the lease up (errors logged: it then just expires).
        `finished=False` hands the work over at once (see `LeaseStore.release`)."""
        await self.stop_renewing()
        if self.lost:
            return
        try:
            await self.store.release(self.fence, finished=finished)
        except Exception:  # noqa: BLE001 - the lease expires by itself
            logger.warning("could not release lease %s", self.fence.name, exc_info=True)

    async def abandon(self) -> None:
        """Stop renewing and let the lease lapse at once as cut short."""
        await self.release(finished=False)


async def hold(store: LeaseStore, name: str, ttl_s: float,
               on_lost: Callable[[], None] | None = None) -> Holding | None:
    """Claim `name` and keep renewing it; None when someone else holds it."""
    fence = await store.claim(name, ttl_s)
    return None if fence is None else Holding(store, fence, ttl_s, on_lost)
