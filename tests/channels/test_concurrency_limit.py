"""The per-target limiter: requests in flight across conversations never exceed max_concurrency."""

from __future__ import annotations

import asyncio

from channel_targets import ScriptedTarget, answer, http_target, slow

from agenteval.net.limiter import ConcurrencyLimiter


async def converse(channel, turns: int) -> None:
    for turn in range(turns):
        await channel.send(f"message {turn}")
    await channel.aclose()


async def test_max_in_flight_never_exceeds_max_concurrency_across_conversations(serve, factory):
    target = ScriptedTarget([slow(0.02, answer({"answer": "ok"}))])
    spec = http_target(await serve(target.app()), max_concurrency=3)

    await asyncio.gather(*(converse(factory.open(spec), 4) for _ in range(8)))

    assert len(target.requests) == 32
    assert target.max_in_flight == 3  # reached, never passed


async def test_targets_have_separate_limits(serve, factory):
    target = ScriptedTarget([slow(0.05, answer({"answer": "ok"}))])
    url = await serve(target.app())
    one, two = (
        http_target(url, "target-1", max_concurrency=1),
        http_target(url, "target-2", max_concurrency=1),
    )

    await asyncio.gather(converse(factory.open(one), 2), converse(factory.open(two), 2))

    assert target.max_in_flight == 2


async def test_the_limit_follows_a_changed_max_concurrency(serve, factory):
    target = ScriptedTarget([slow(0.02, answer({"answer": "ok"}))])
    url = await serve(target.app())

    await asyncio.gather(
        *(converse(factory.open(http_target(url, max_concurrency=1)), 2) for _ in range(4))
    )
    assert target.max_in_flight == 1
    await asyncio.gather(
        *(converse(factory.open(http_target(url, max_concurrency=4)), 2) for _ in range(8))
    )
    assert target.max_in_flight == 4


async def test_latency_excludes_the_wait_for_a_slot(serve, factory):
    target = ScriptedTarget([slow(0.1, answer({"answer": "ok"}))])
    spec = http_target(await serve(target.app()), max_concurrency=1)

    replies = await asyncio.gather(*(factory.open(spec).send("hi") for _ in range(3)))

    assert all(90 <= reply.latency_ms < 180 for reply in replies)  # the last waited ~200 ms


async def test_a_cancelled_waiter_does_not_leak_a_slot():
    limiter = ConcurrencyLimiter(1)
    await limiter.acquire()
    waiter = asyncio.create_task(limiter.acquire())
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)
    limiter.release()

    assert limiter.in_flight == 0
    await asyncio.wait_for(limiter.acquire(), 0.1)


async def test_growing_the_limit_wakes_waiters():
    limiter = ConcurrencyLimiter(1)
    await limiter.acquire()
    waiter = asyncio.create_task(limiter.acquire())
    await asyncio.sleep(0)
    assert not waiter.done()

    limiter.resize(2)
    await asyncio.wait_for(waiter, 0.1)
    assert limiter.in_flight == 2
