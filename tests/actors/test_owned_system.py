"""OwnedSystem: keys owned under leases, activated and stopped by the runtime, taken over
when their owner is gone — tested against the in-memory LeaseStore, no database."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from actors import (
    ActorSystem,
    EntityKind,
    MemoryLeases,
    OwnedActor,
    OwnedSystem,
    OwnerBusy,
    OwnershipLost,
)
from actors.delivery import fence_for, released_with_write
from actors.ownership import Fence, lease_name


class Counter(OwnedActor):
    """Answers (owner, fence epoch, count); "write" checks its fence, "done" passivates.
    The fence is read as a store adapter reads it: from the delivery, by its lease name."""

    def __init__(self, key: str, leases: MemoryLeases, log: list[Any]) -> None:
        self.key, self.leases, self.log, self.count = key, leases, log, 0

    async def receive(self, message: Any) -> Any:
        self.count += 1
        fence = fence_for(lease_name("thing", self.key))
        if message == "write":
            assert fence is not None
            await self.leases.fence(fence)  # as a store port does in its transaction
        if message == "done":
            self.passivate()
        if message == "spend":  # a write that also gave the lease up in its transaction
            assert fence is not None
            await self.leases.release(fence)
            released_with_write(fence.name)
        if isinstance(message, float):
            await asyncio.sleep(message)
        return (self.leases.owner, None if fence is None else fence.epoch, self.count)

    async def on_stop(self) -> None:
        self.log.append(("stop", self.key))


def _system(leases: MemoryLeases, policy: str = "activation", **kind: Any
            ) -> tuple[OwnedSystem, list[Any]]:
    log: list[Any] = []

    async def elsewhere(key: str, message: Any) -> Any:
        log.append(("elsewhere", key, message))
        return "elsewhere"

    system = OwnedSystem(ActorSystem(), leases, [EntityKind(
        "thing", policy, ttl_s=kind.pop("ttl_s", 30.0),  # type: ignore[arg-type]
        factory=lambda key: Counter(key, leases, log), elsewhere=elsewhere, **kind)])
    return system, log


async def test_an_activation_holds_its_key_lease_and_another_process_answers_elsewhere(
        ) -> None:
    here = MemoryLeases("a")
    there = here.sharing("b")
    ours, _ = _system(here)
    theirs, their_log = _system(there)
    assert await ours.ask("thing", "1", "hi") == ("a", 1, 1)
    assert await ours.ask("thing", "1", "hi") == ("a", 1, 2)  # the same activation
    assert here.table["thing:1"].owner == "a"
    assert await theirs.ask("thing", "1", "hi") == "elsewhere"
    assert their_log == [("elsewhere", "1", "hi")]
    await ours.shutdown()
    await theirs.shutdown()


async def test_passivating_releases_the_lease_so_the_next_owner_activates_with_a_new_epoch(
        ) -> None:
    here = MemoryLeases("a")
    ours, log = _system(here)
    theirs, _ = _system(here.sharing("b"))
    await ours.ask("thing", "1", "done")
    await asyncio.sleep(0.01)
    assert ("stop", "1") in log and ours.active("thing") == set()
    assert await theirs.ask("thing", "1", "hi") == ("b", 2, 1)
    await ours.shutdown()
    await theirs.shutdown()


async def test_a_lease_lost_to_another_process_stops_the_activation() -> None:
    here = MemoryLeases("a")
    ours, log = _system(here, ttl_s=0.06)
    await ours.ask("thing", "1", "hi")
    here.table["thing:1"].owner = "b"  # taken over while this process was stopped
    here.table["thing:1"].expires_at += 60.0
    await asyncio.sleep(0.1)  # the next renewal finds it gone
    assert ("stop", "1") in log and ours.active("thing") == set()
    assert await ours.ask("thing", "1", "hi") == "elsewhere"  # b holds it now
    await ours.shutdown()


async def test_a_fenced_write_refused_is_answered_as_elsewhere_and_stops_the_activation(
        ) -> None:
    here = MemoryLeases("a")
    ours, log = _system(here)
    await ours.ask("thing", "1", "hi")
    here.table["thing:1"].epoch += 1  # claimed by someone else since
    assert await ours.ask("thing", "1", "write") == "elsewhere"
    await asyncio.sleep(0.01)
    assert ("stop", "1") in log
    await ours.shutdown()


async def test_beyond_max_active_keys_a_process_answers_elsewhere_and_claims_nothing(
        ) -> None:
    here = MemoryLeases("a")
    ours, _ = _system(here, max_active=1)
    await ours.ask("thing", "1", "hi")
    assert await ours.ask("thing", "2", "hi") == "elsewhere"
    assert "thing:2" not in here.table
    await ours.ask("thing", "1", "done")
    await asyncio.sleep(0.01)
    assert await ours.ask("thing", "2", "hi") == ("a", 1, 1)
    await ours.shutdown()


async def test_shutdown_releases_the_leases_of_every_activation() -> None:
    here = MemoryLeases("a")
    ours, _ = _system(here)
    await ours.ask("thing", "1", "hi")
    await ours.ask("thing", "2", "hi")
    await ours.shutdown()
    assert all(row.owner == "" for row in here.table.values())


async def test_per_message_claims_the_lease_for_each_message_and_releases_it() -> None:
    here = MemoryLeases("a")
    ours, _ = _system(here, policy="per-message")
    assert await ours.ask("thing", "1", "hi") == ("a", 1, 1)
    assert here.table["thing:1"].owner == ""  # released after the message
    assert await ours.ask("thing", "1", "hi") == ("a", 2, 2)
    await ours.shutdown()


async def test_per_message_waits_for_another_process_message_then_gives_up_as_busy(
        ) -> None:
    here = MemoryLeases("a")
    theirs, _ = _system(here.sharing("b"), policy="per-message", ttl_s=0.05, wait_s=0.3)
    ours, _ = _system(here, policy="per-message", ttl_s=5.0, wait_s=5.0)
    slow = asyncio.create_task(ours.ask("thing", "1", 0.1))
    await asyncio.sleep(0.02)
    assert await theirs.ask("thing", "1", "hi") == ("b", 2, 1)  # waited for ours
    assert (await slow)[0] == "a"
    held = await here.claim("thing:1", 30)
    assert held is not None
    with pytest.raises(OwnerBusy):
        await theirs.ask("thing", "1", "hi")
    await ours.shutdown()
    await theirs.shutdown()


async def test_per_message_leaves_unleased_messages_alone_and_a_spent_fence_released(
        ) -> None:
    here = MemoryLeases("a")
    ours, _ = _system(here, policy="per-message", leased=lambda m: m != "free")
    assert await ours.ask("thing", "1", "free") == ("a", None, 1)
    assert "thing:1" not in here.table
    assert await ours.ask("thing", "1", "spend") == ("a", 1, 2)
    assert here.table["thing:1"].owner == ""
    await ours.shutdown()


async def test_the_takeover_loop_takes_over_lapsed_keys_within_max_active() -> None:
    here = MemoryLeases("a")
    taken: list[str] = []
    dead = here.sharing("dead")
    for key in ("1", "2", "3"):
        assert await dead.claim(f"thing:{key}", -1.0) is not None  # its owner died

    ours, _ = _system(here, max_active=2)

    async def take_over(key: str) -> None:
        taken.append(key)
        await ours.ask("thing", key, "hi")

    ours = OwnedSystem(ours.actors, here, [EntityKind(
        "thing", "activation", 30.0, factory=lambda key: Counter(key, here, []),
        max_active=2, take_over=take_over)])
    assert await ours.take_over_once() == 2
    assert taken == ["1", "2"] and ours.active("thing") == {"1", "2"}
    await ours.shutdown()


async def test_cancelling_the_takeover_loop_as_a_key_is_freed_ends_it() -> None:
    # Python 3.11's wait_for may swallow a cancellation that arrives as the awaited
    # event is set; the loop would then outlive shutdown.
    ours, _ = _system(MemoryLeases("a"))
    task = asyncio.create_task(ours.take_over_forever(interval_s=30.0))
    for _ in range(5):
        await asyncio.sleep(0)
    ours.freed.set()
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=2.0)
    assert task in done and task.cancelled()


async def test_the_fence_is_equal_by_name_owner_and_epoch_only() -> None:
    assert Fence("a", "o", 1) == Fence("a", "o", 1)  # `released` left the fence (delivery)
    assert hash(Fence("a", "o", 1)) == hash(Fence("a", "o", 1))
    assert Fence("a", "o", 1) != Fence("a", "o", 2)
    with pytest.raises(OwnershipLost):
        await MemoryLeases().fence(Fence("nothing", "memory", 1))
