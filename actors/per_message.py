"""The per-message lease policy: each message claims its key's lease first and gives it up
once handled (see `actors.owned`).

State an actor keeps between messages stays true while nobody else wrote: only the
lease's holder writes, and each claim adds one to the lease's epoch, so a claim whose
epoch follows this actor's own last claim (same owner, epoch + 1) proves no other
process held the key in between. Otherwise — the first message, another process's
claim in between, a message that failed — the runtime calls `load()` before the
message. A store port's compare-and-set that still finds the version moved on
(`VersionConflict`: a writer outside the lease) makes the runtime reload and deliver
the message again, at most `RETRIES` times — the one retry of an owned actor's
command. Every message is delivered under the lease, so every write the actor makes
is fenced, unless the kind's `leased` exempts it (no kind of AgentEval does).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from actors.delivery import Delivery, delivering
from actors.ownership import Fence, Holding, LeaseStore, OwnerBusy, VersionConflict, lease_name

RETRIES = 3  # deliveries of one message after a VersionConflict, each on reloaded state


class PerMessageKind(Protocol):
    """What this policy reads of its `EntityKind` (actors.owned)."""

    @property
    def name(self) -> str: ...
    @property
    def ttl_s(self) -> float: ...
    @property
    def wait_s(self) -> float: ...
    @property
    def open(self) -> Callable[[str, str, float], Awaitable[tuple[Fence | None, Any]]] | None: ...
    @property
    def leased(self) -> Callable[[Any], bool] | None: ...


class Receiver(Protocol):
    """What this policy calls on its `OwnedActor`."""

    async def receive(self, message: Any) -> Any: ...

    async def load(self) -> None: ...


class PerMessage:
    """Claims the key's lease around each message (waiting while another process holds it)."""

    def __init__(self, leases: LeaseStore, entity: PerMessageKind, key: str) -> None:
        self.leases = leases
        self.entity = entity
        self.key = key
        self.name = lease_name(entity.name, key)
        self.last: Fence | None = None  # this actor's last claim, while its state is current

    async def _claim(self) -> tuple[Fence, Any]:
        entity = self.entity
        loop = asyncio.get_running_loop()
        deadline = loop.time() + entity.ttl_s + entity.wait_s
        pause = 0.02
        while True:
            if entity.open is not None:
                fence, read = await entity.open(self.key, self.name, entity.ttl_s)
            else:
                fence, read = await self.leases.claim(self.name, entity.ttl_s), None
            if fence is not None:
                return fence, read
            if loop.time() > deadline:
                raise OwnerBusy(self.name)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.5)

    async def __call__(self, actor: Receiver, message: Any) -> Any:
        if self.entity.leased is not None and not self.entity.leased(message):
            return await actor.receive(message)  # outside any delivery: unfenced
        fence, read = await self._claim()
        holding = Holding(self.leases, fence, self.entity.ttl_s)
        delivery = Delivery(fence, read, holding)
        last, self.last = self.last, None  # current again only once the message succeeds
        try:
            with delivering(delivery):
                if not _follows(last, fence):
                    await actor.load()
                answer = await redelivering(actor, message)
            self.last = fence
            return answer
        finally:
            if delivery.released:  # the store gave the lease up with its write
                await holding.stop_renewing()
            else:
                await asyncio.shield(holding.release())


async def redelivering(actor: Receiver, message: Any) -> Any:
    """The one retry of an owned actor: a `VersionConflict` (its store's compare-and-set
    found the state moved on) reloads the actor's state and delivers the message again,
    `RETRIES` deliveries at most (then the conflict reaches the asker). A handler must
    therefore change the actor's own state only once its commit has succeeded."""
    for attempt in range(RETRIES):
        try:
            return await actor.receive(message)
        except VersionConflict:
            if attempt == RETRIES - 1:
                raise
            await actor.load()
    raise AssertionError("unreachable")


def _follows(last: Fence | None, fence: Fence) -> bool:
    """Whether `fence` is the claim right after `last` (nobody held the key in between)."""
    return last is not None and last.owner == fence.owner and fence.epoch == last.epoch + 1
