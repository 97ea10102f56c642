"""Event-bus figures: failed publishes, subscribers' lag and overflows."""

from __future__ import annotations

import pytest
import redis.asyncio as redis
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from agenteval.observability.metrics import REGISTRY
from agenteval.store.event_bus import InMemoryEventBus, Overflowed, RedisEventBus


def sample(name: str, **labels: str) -> float:
    for family in text_string_to_metric_families(generate_latest(REGISTRY).decode()):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return found.value
    return 0.0


async def test_a_publish_redis_refuses_is_counted_and_still_raises() -> None:
    bus = RedisEventBus("redis://127.0.0.1:1/0")
    # Connected as `start` would, but to a port where nothing listens (start pings first).
    bus._redis = redis.from_url(bus.url)
    before = sample("agenteval_event_publish_failures_total", backend="redis")
    with pytest.raises(redis.ConnectionError):
        await bus.publish("topic", {"n": 1})
    await bus.close()
    assert sample("agenteval_event_publish_failures_total", backend="redis") == before + 1


async def test_subscriber_lag_and_overflow_are_measured() -> None:
    bus = InMemoryEventBus(queue_size=3)
    subscription = await bus.subscribe("topic")
    lag_before = sample("agenteval_event_subscriber_lag_messages_sum")
    for n in range(3):
        await bus.publish("topic", {"n": n})
    await subscription.get(timeout=1)  # two still wait behind it
    assert sample("agenteval_event_subscriber_lag_messages_sum") == lag_before + 2

    overflows = sample("agenteval_event_subscriber_overflows_total")
    for n in range(5):
        await bus.publish("topic", {"n": n})
    with pytest.raises(Overflowed):
        while True:
            await subscription.get(timeout=1)
    assert sample("agenteval_event_subscriber_overflows_total") == overflows + 1
