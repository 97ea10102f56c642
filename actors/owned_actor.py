"""`OwnedActor`: the base of an owned kind's actor (see `actors.owned`). It writes with the
`Fence` the runtime hands it and never claims, releases or retries anything itself."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from actors.actor import Actor
from actors.ownership import Fence


class OwnedActor(Actor):
    """An actor of an owned kind. It writes with `self.fence` and never claims anything.

    Subclasses implement `receive` (the runtime's `handle` wraps it in the lease).
    """

    fence: Fence | None = None  # the lease its writes are fenced with, set by the runtime
    claimed_with: Any = None  # per-message kinds: what the kind's `open` read with the claim
    _deliver: Callable[[OwnedActor, Any], Awaitable[Any]] | None = None

    async def receive(self, message: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__} must implement receive()")

    async def load(self) -> None:
        """(Re)load the state this actor keeps between messages. Per-message kinds: the
        runtime calls it before a message whenever another process may have written
        since this actor last did (a first claim, a claim not following its own last
        one, a failed message, a `VersionConflict`); otherwise the kept state is current,
        since only the lease's holder writes."""

    async def handle(self, message: Any) -> Any:
        if self._deliver is None:
            return await self.receive(message)
        return await self._deliver(self, message)

    def passivate(self) -> None:
        """Stop once the mailbox is handled: the runtime then gives the lease up."""
        self.ref.request_stop()
