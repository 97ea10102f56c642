"""Leases: one owner at a time, a new epoch per claim, writes fenced by the epoch."""

from __future__ import annotations

import asyncio

import pytest
from tortoise.transactions import in_transaction

from actors.ownership import Fence, OwnershipLost
from agenteval.store import leases
from tests.support.kept_leases import claim_kept


async def test_one_of_many_concurrent_claimers_wins(db: str) -> None:
    won = await asyncio.gather(*(leases.claim("run:x", 5, owner=f"p{n}") for n in range(10)))
    winners = [held for held in won if held is not None]
    assert len(winners) == 1 and winners[0].epoch == 1
    assert await leases.current("run:x") == (winners[0].owner, 1, True)


async def test_an_expired_lease_is_taken_over_with_a_new_epoch(db: str) -> None:
    first = await leases.claim("run:x", 0.2, owner="a")
    assert first is not None
    assert await leases.claim("run:x", 5, owner="b") is None
    await asyncio.sleep(0.3)
    second = await leases.claim("run:x", 5, owner="b")
    assert second == Fence("run:x", "b", 2)
    assert not await leases.renew(first, 5)  # the old owner cannot extend it
    assert await leases.renew(second, 5)


async def test_a_released_lease_is_claimed_at_once(db: str) -> None:
    first = await leases.claim("s", 60, owner="a")
    assert first is not None
    await leases.release(first)
    assert await leases.claim("s", 60, owner="b") == Fence("s", "b", 2)
    await leases.release(first)  # a stale release changes nothing
    assert await leases.current("s") == ("b", 2, True)


async def test_a_stale_epoch_cannot_write(db: str) -> None:
    stale = await leases.claim("run:x", 0.1, owner="a")
    assert stale is not None
    await asyncio.sleep(0.2)
    fresh = await leases.claim("run:x", 5, owner="b")
    assert fresh is not None
    async with in_transaction():
        await leases.fence(fresh)
    with pytest.raises(OwnershipLost):
        async with in_transaction():
            await leases.fence(stale)


async def test_a_kept_lease_outlives_its_ttl_until_it_stops_renewing(db: str) -> None:
    kept = await claim_kept("k", 0.3)
    assert kept is not None
    await asyncio.sleep(0.7)
    assert await leases.claim("k", 5, owner="other") is None  # renewed meanwhile
    await kept.stop_renewing()
    await asyncio.sleep(0.4)
    assert await leases.claim("k", 5, owner="other") is not None
    await kept.release()  # not ours any more: nothing happens
    assert (await leases.current("k") or ("", 0, False))[0] == "other"
