"""The interval policy: a kind's work runs once per ttl across processes, started by the one
takeover loop — against the in-memory LeaseStore, no database."""

from __future__ import annotations

import asyncio

import pytest

from actors import ActorSystem, EntityKind, MemoryLeases, OwnedSystem


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _process(leases: MemoryLeases, ran: list[str], fail: bool = False) -> OwnedSystem:
    async def purge(key: str) -> None:
        ran.append(leases.owner)
        if fail:
            raise RuntimeError("the database went away")

    return OwnedSystem(ActorSystem(), leases, [EntityKind("retention", "interval", 600.0,
                                                          take_over=purge)])


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_of_two_processes_looking_one_does_the_work_until_the_interval_passes() -> None:
    clock = Clock()
    here = MemoryLeases("here", clock=clock)
    ran: list[str] = []
    first, second = _process(here, ran), _process(here.sharing("there"), ran)
    await first.take_over_once()
    await second.take_over_once()
    await _settle()
    assert ran == ["here"]  # the other found the lease held and skipped
    assert here.table["retention:cluster"].owner == "here"  # held for the interval, not released
    clock.now += 601  # the interval passes: the next look, in any process, does it
    await second.take_over_once()
    await _settle()
    assert ran == ["here", "there"]


async def test_work_that_fails_gives_the_lease_up_for_the_next_look() -> None:
    leases = MemoryLeases("here")
    ran: list[str] = []
    failing = _process(leases, ran, fail=True)
    await failing.take_over_once()
    await _settle()
    await _process(leases.sharing("there"), ran).take_over_once()
    await _settle()
    assert ran == ["here", "there"]


async def test_a_process_looks_at_most_every_check_s_and_stopping_the_loop_cancels_the_run(
        ) -> None:
    leases = MemoryLeases("here")
    started, release = asyncio.Event(), asyncio.Event()

    async def long_purge(key: str) -> None:
        started.set()
        await release.wait()

    owned = OwnedSystem(ActorSystem(), leases, [EntityKind(
        "retention", "interval", 600.0, take_over=long_purge, check_s=3600.0)])
    loop = asyncio.get_running_loop().create_task(owned.take_over_forever(0.01))
    await asyncio.wait_for(started.wait(), 1)
    assert await owned.take_over_once() == 0  # in flight, and looked within check_s
    loop.cancel()
    with pytest.raises(asyncio.CancelledError):
        await loop
    # Cut short: the lease is given up, so the next look anywhere purges.
    assert leases.table["retention:cluster"].expires_at == float("-inf")


def test_an_interval_kind_needs_its_work() -> None:
    with pytest.raises(ValueError, match="take_over"):
        OwnedSystem(ActorSystem(), MemoryLeases(), [EntityKind("retention", "interval", 1.0)])
