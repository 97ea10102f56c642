"""The delivery of one message (or one run of owned work) under its key's lease.

The runtime owns every lease: it claims it, renews it, releases or abandons it. The
code it runs — an owned actor's `receive`, a singleton's step, a piece of owned work —
never holds the lease; it runs *inside* a `Delivery` the runtime opened (a context
variable, so the tasks it starts inherit it), and only the store adapters look at it:

- `fence_for(name)`: the fence a write of the entity whose lease is `name`
  (`lease_name(kind, key)`) applies inside its transaction, when the running code is
  delivering for that entity (None otherwise: a write outside the entity's delivery,
  e.g. a cancel reaching a process that does not own the run). Matching on the name
  means a delivery's fence never leaks into the writes of another entity made from
  inside it (a task inherits its creator's context).
- `claimed_read(name)`: what the kind's `open` read together with the claim (the
  session kind reads its turn's state in the same round trip).
- `released_with_write(name)`: the store gave the lease up inside its write's own
  transaction (one round trip less per turn), so the runtime does not release it again.
- `still_owned()`: renew now, before an act no fence can guard (a request to another
  system); False once the lease is another process's.

This is Akka's actor cell owning delivery, in asyncio's terms: the entity sees its
messages, never its lease.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator
from typing import Any

from actors.ownership import Fence, Holding


class Delivery:
    """One message's (or one work run's) claim, as the runtime opened it."""

    __slots__ = ("fence", "read", "released", "_holding")

    def __init__(self, fence: Fence, read: Any = None, holding: Holding | None = None) -> None:
        self.fence = fence
        self.read = read
        self.released = False  # the store gave the lease up with its write
        self._holding = holding

    async def confirm(self) -> bool:
        return True if self._holding is None else await self._holding.confirm()


_CURRENT: contextvars.ContextVar[Delivery | None] = contextvars.ContextVar(
    "actors_delivery", default=None)


@contextlib.contextmanager
def delivering(delivery: Delivery) -> Iterator[Delivery]:
    """Run the block (and the tasks it starts) inside `delivery` (the runtime only)."""
    token = _CURRENT.set(delivery)
    try:
        yield delivery
    finally:
        _CURRENT.reset(token)


def _for(name: str) -> Delivery | None:
    delivery = _CURRENT.get()
    return delivery if delivery is not None and delivery.fence.name == name else None


def fence_for(name: str) -> Fence | None:
    """The fence a write of the entity leased as `name` applies (store adapters); None
    outside that entity's delivery."""
    delivery = _for(name)
    return None if delivery is None else delivery.fence


def claimed_read(name: str) -> Any:
    """What the kind's `open` read with the claim of the current delivery for `name`."""
    delivery = _for(name)
    return None if delivery is None else delivery.read


def released_with_write(name: str) -> None:
    """A store's write gave the lease `name` up in its own transaction."""
    delivery = _for(name)
    if delivery is not None:
        delivery.released = True


async def still_owned() -> bool:
    """Renew the current delivery's lease now; whether it is still this process's (True
    outside any delivery: nothing is owned, nothing can be lost)."""
    delivery = _CURRENT.get()
    return True if delivery is None else await delivery.confirm()
