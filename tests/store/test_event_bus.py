"""The event bus: same behaviour in memory and through a real Redis."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest

from agenteval.store.event_bus import EventBus, InMemoryEventBus, Overflowed, RedisEventBus


@pytest.fixture(params=["memory", "redis"])
async def bus(request: pytest.FixtureRequest) -> AsyncIterator[EventBus]:
    if request.param == "memory":
        bus: EventBus = InMemoryEventBus(queue_size=5)
    else:
        url = request.getfixturevalue("redis_url")
        bus = RedisEventBus(url, prefix=f"test-{uuid.uuid4().hex[:8]}:", queue_size=5)
    await bus.start()
    yield bus
    await bus.close()


async def _settle(bus: EventBus) -> None:
    # Redis delivers through the listener task; give it a moment.
    if isinstance(bus, RedisEventBus):
        await asyncio.sleep(0.1)


async def test_subscribers_receive_messages_of_their_topic_in_order(bus: EventBus) -> None:
    first = await bus.subscribe("eval:1")
    other = await bus.subscribe("eval:2")
    await _settle(bus)
    for n in range(3):
        await bus.publish("eval:1", {"n": n})
    got = [(await first.get(timeout=2))["n"] for _ in range(3)]
    assert got == [0, 1, 2]
    with pytest.raises(TimeoutError):
        await other.get(timeout=0.2)


async def test_a_subscriber_that_falls_behind_is_told_to_resync(bus: EventBus) -> None:
    slow = await bus.subscribe("busy")
    await _settle(bus)
    for n in range(20):
        await bus.publish("busy", {"n": n})
    await _settle(bus)
    with pytest.raises(Overflowed):
        for _ in range(20):
            await slow.get(timeout=2)


async def test_closed_subscriptions_receive_nothing(bus: EventBus) -> None:
    subscription = await bus.subscribe("t")
    await subscription.close()
    await bus.publish("t", {"x": 1})
    await _settle(bus)
    with pytest.raises(TimeoutError):
        await subscription.get(timeout=0.1)


async def test_redis_carries_events_between_two_buses(redis_url: str) -> None:
    prefix = f"test-{uuid.uuid4().hex[:8]}:"
    publisher, listener = RedisEventBus(redis_url, prefix), RedisEventBus(redis_url, prefix)
    await publisher.start()
    await listener.start()
    try:
        subscription = await listener.subscribe("eval:x")
        await asyncio.sleep(0.1)
        await publisher.publish("eval:x", {"sequence": 7})
        assert await subscription.get(timeout=2) == {"sequence": 7}
    finally:
        await publisher.close()
        await listener.close()


async def test_a_publish_that_redis_does_not_take_is_counted_not_raised() -> None:
    import socket

    import redis.asyncio as redis

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    bus = RedisEventBus(f"redis://127.0.0.1:{port}/0")
    bus._redis = redis.from_url(bus.url, socket_connect_timeout=0.5)
    await bus.publish("eval:1", {"sequence": 1})
    await bus.publish("eval:1", {"sequence": 2})
    assert bus.publish_failures == 2
    await bus._redis.aclose()
