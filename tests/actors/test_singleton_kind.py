"""The singleton policy: a kind's loop of steps runs in one process at a time, started by the
one takeover loop, moved on when its holder stops or loses the lease — against the
in-memory LeaseStore, no database."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from actors import ActorSystem, EntityKind, MemoryLeases, OwnedSystem, OwnershipLost
from actors.delivery import fence_for
from actors.ownership import Fence

TTL_S = 0.3
NAME = "webhooks:cluster"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SlowRenewals(MemoryLeases):
    """Renewals that take a database's round trip."""

    async def renew(self, fence: Fence, ttl_s: float) -> bool:
        await asyncio.sleep(0.05)
        return await super().renew(fence, ttl_s)


def _process(leases: MemoryLeases, steps: list[tuple[str, int]],
             step: Callable[[Fence], object] | None = None) -> OwnedSystem:
    async def record() -> None:
        fence = fence_for(NAME)  # the step runs inside the singleton's delivery
        assert fence is not None
        steps.append((fence.owner, fence.epoch))
        if step is not None:
            result = step(fence)
            if asyncio.iscoroutine(result):
                await result

    return OwnedSystem(ActorSystem(), leases, [EntityKind(
        "webhooks", "singleton", TTL_S, step=record, step_s=0.01)])


async def _until(condition: Callable[[], bool], timeout_s: float = 2.0) -> None:
    async with asyncio.timeout(timeout_s):
        while not condition():  # noqa: ASYNC110 - polling what the runtime does
            await asyncio.sleep(0.005)


async def test_of_two_processes_one_runs_the_steps_and_the_other_skips() -> None:
    here = MemoryLeases("here")
    steps: list[tuple[str, int]] = []
    first, second = _process(here, steps), _process(here.sharing("there"), steps)
    assert await first.take_over_once() == 1
    await _until(lambda: len(steps) >= 3)
    await second.take_over_once()
    await asyncio.sleep(0.05)
    assert {owner for owner, _ in steps} == {"here"}
    assert await first.take_over_once() == 0  # already running here: nothing new started
    await first.shutdown()
    await second.shutdown()


async def test_stopping_the_holder_hands_the_work_to_the_next_look_elsewhere() -> None:
    here = MemoryLeases("here")
    steps: list[tuple[str, int]] = []
    first, second = _process(here, steps), _process(here.sharing("there"), steps)
    loop = asyncio.get_running_loop().create_task(first.take_over_forever(0.01))
    await _until(lambda: bool(steps))
    loop.cancel()
    with pytest.raises(asyncio.CancelledError):
        await loop
    assert here.table[NAME].owner == ""  # released at once, not left to expire
    await second.take_over_once()
    await _until(lambda: steps[-1][0] == "there")
    assert steps[-1] == ("there", 2)
    await second.shutdown()


async def test_a_holder_that_lost_the_lease_stops_even_in_the_middle_of_a_step() -> None:
    clock = Clock()
    here = MemoryLeases("here", clock=clock)
    steps: list[tuple[str, int]] = []
    stuck, cancelled = asyncio.Event(), asyncio.Event()

    async def hang_once(fence: Fence) -> None:
        if fence.owner == "here" and not stuck.is_set():
            stuck.set()
            try:
                await asyncio.sleep(3600)  # a webhook that never answers
            except asyncio.CancelledError:
                cancelled.set()
                raise

    first = _process(here, steps, hang_once)
    second = _process(here.sharing("there"), steps)
    await first.take_over_once()
    await _until(stuck.is_set)
    clock.now += 10 * TTL_S  # the holder stalled past its expiry: another process claims
    await second.take_over_once()
    await _until(lambda: steps[-1][0] == "there")
    await _until(cancelled.is_set)  # the first one's renewal found the lease gone
    assert here.table[NAME].owner == "there"
    await first.shutdown()
    assert here.table[NAME].owner == "there"  # the loser released nothing
    await second.shutdown()


async def test_a_refused_fenced_write_stops_the_loop_and_a_failing_step_does_not() -> None:
    leases = MemoryLeases("here")
    steps: list[tuple[str, int]] = []

    def refuse_third(fence: Fence) -> None:
        if len(steps) == 2:
            raise RuntimeError("a webhook row could not be read")
        if len(steps) == 3:
            raise OwnershipLost(fence.name)

    owned = _process(leases, steps, refuse_third)
    await owned.take_over_once()
    await _until(lambda: len(steps) >= 3)
    await asyncio.sleep(0.05)
    assert len(steps) == 3  # the RuntimeError was logged and stepped over; OwnershipLost ended it
    assert leases.table[NAME].owner == "here"  # a lost lease is not released
    await owned.shutdown()


async def test_a_holder_stalled_past_its_expiry_takes_no_further_step() -> None:
    clock = Clock()
    here = SlowRenewals("here", clock=clock)
    steps: list[tuple[str, int]] = []

    async def stall_once(fence: Fence) -> None:
        if len(steps) == 1:
            # The process is stopped (SIGSTOP) mid-step; meanwhile another one claims.
            here.table[NAME].expires_at = clock.now - 1
            assert await here.sharing("there").claim(NAME, 60.0) is not None
            time.sleep(TTL_S / 2)  # noqa: ASYNC251 - the whole event loop stalls, on purpose

    first = _process(here, steps, stall_once)
    await first.take_over_once()
    await asyncio.sleep(5 * TTL_S)
    assert steps == [("here", 1)]  # woken up, it renews before stepping and finds it lost
    assert here.table[NAME].owner == "there"
    await first.shutdown()


def test_a_singleton_kind_needs_its_step() -> None:
    with pytest.raises(ValueError, match="step"):
        OwnedSystem(ActorSystem(), MemoryLeases(), [EntityKind("webhooks", "singleton", 1.0)])
