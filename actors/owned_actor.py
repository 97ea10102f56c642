"""`OwnedActor`: the base of an owned kind's actor (see `actors.owned`), and `Cell`, the
runtime's actor that holds it and owns its deliveries.

An owned actor sees its messages, never its lease: the runtime spawns a `Cell` around
it, and the cell delivers each message under the kind's policy (claiming, renewing,
releasing, retrying after a `VersionConflict`) inside an `actors.delivery.Delivery`,
whose fence the store adapters apply to the actor's writes. The actor itself never
claims, releases, fences or retries anything.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from actors.actor import Actor


class OwnedActor(Actor):
    """An actor of an owned kind. Subclasses implement `receive` (and `load` when they keep
    state between messages)."""

    async def receive(self, message: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__} must implement receive()")

    async def load(self) -> None:
        """(Re)load the state this actor keeps between messages; the runtime calls it,
        the actor never reconciles its state itself. Activation kinds: before the
        activation's first message and after a `VersionConflict`. Per-message kinds:
        before a message whenever another process may have written since this actor
        last did (a first claim, a claim not following its own last one, a failed
        message, a `VersionConflict`); otherwise the kept state is current, since only
        the lease's holder writes.

        The one actor idiom: state loaded here; each command computes its change on it
        and commits it through the store port with a compare-and-set, which raises
        `VersionConflict` when the stored state moved on; the runtime then calls
        `load` and delivers the command again (`actors.per_message.redelivering`)."""

    async def handle(self, message: Any) -> Any:
        return await self.receive(message)  # outside a cell (a test's plain spawn)

    def passivate(self) -> None:
        """Stop once the mailbox is handled: the runtime then gives the lease up."""
        self.ref.request_stop()


# (the entity, a message) → its answer, delivered under the kind's policy.
Deliver = Callable[[OwnedActor, Any], Awaitable[Any]]


class Cell(Actor):
    """The actor the runtime spawns for an owned key: it holds the entity and delivers to it."""

    def __init__(self, entity: OwnedActor, deliver: Deliver) -> None:
        self.entity = entity
        self._deliver = deliver
        # The entity's own bounds and crash rules are the cell's.
        self.mailbox_size = entity.mailbox_size  # type: ignore[misc]  # per instance: the entity's
        self.fatal_errors = entity.fatal_errors  # type: ignore[misc]  # per instance: the entity's

    async def on_start(self) -> None:
        self.entity._ref = self.ref  # passivate() and start_child() act on the cell's ref
        await self.entity.on_start()

    async def on_stop(self) -> None:
        await self.entity.on_stop()

    async def on_failure(self, exc: Exception, message: Any) -> None:
        await self.entity.on_failure(exc, message)

    async def handle(self, message: Any) -> Any:
        return await self._deliver(self.entity, message)
