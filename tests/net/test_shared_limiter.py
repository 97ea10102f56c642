"""A target's limit across processes: slots in Redis shared by several limiters."""

from __future__ import annotations

import asyncio
import socket
import uuid

from agenteval.net.shared_limiter import SharedLimiter, SharedSlots


async def _slots(url: str, prefix: str, ttl_s: float = 30.0) -> SharedSlots:
    slots = SharedSlots(url, ttl_s=ttl_s, prefix=prefix)
    await slots.start()
    return slots


async def test_two_processes_share_one_capacity(redis_url: str) -> None:
    prefix = f"test-{uuid.uuid4().hex[:8]}:"
    first, second = await _slots(redis_url, prefix), await _slots(redis_url, prefix)
    limiters = [SharedLimiter(3, slots, "target:t") for slots in (first, second)]
    in_flight = peak = 0

    async def request(limiter: SharedLimiter) -> None:
        nonlocal in_flight, peak
        async with limiter.slot():
            in_flight += 1
            peak = max(peak, in_flight)
            await asyncio.sleep(0.02)
            in_flight -= 1

    await asyncio.gather(*(request(limiters[n % 2]) for n in range(30)))
    assert peak == 3
    await first.close()
    await second.close()


async def test_the_slots_of_a_process_that_died_expire(redis_url: str) -> None:
    prefix = f"test-{uuid.uuid4().hex[:8]}:"
    dead, alive = await _slots(redis_url, prefix, 0.5), await _slots(redis_url, prefix, 0.5)
    assert await dead.acquire("target:t", 1) is not None
    await dead.close()  # no release, no renewal: as if killed
    token = await asyncio.wait_for(alive.acquire("target:t", 1), 3)
    assert token is not None
    await asyncio.sleep(0.6)  # renewed meanwhile: still held
    assert await asyncio.wait_for(_try(alive), 0.3) is None
    await alive.release("target:t", token)
    await alive.close()


async def _try(slots: SharedSlots) -> str | None:
    try:
        return await asyncio.wait_for(slots.acquire("target:t", 1), 0.2)
    except TimeoutError:
        return None


async def test_without_redis_the_local_bound_still_holds() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    slots = await _slots(f"redis://127.0.0.1:{port}/0", "x:")
    limiter = SharedLimiter(2, slots, "target:t")
    in_flight = peak = 0

    async def request() -> None:
        nonlocal in_flight, peak
        async with limiter.slot():
            in_flight += 1
            peak = max(peak, in_flight)
            await asyncio.sleep(0.01)
            in_flight -= 1

    await asyncio.gather(*(request() for _ in range(6)))
    assert peak == 2
    await slots.close()
