"""The hooks other modules call: event-bus figures, leases, bounded operation labels."""

from __future__ import annotations

import pytest
import redis.asyncio as redis
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from agenteval.observability import metrics
from agenteval.observability.metrics import REGISTRY
from agenteval.store.event_bus import InMemoryEventBus, Overflowed, RedisEventBus


def sample(name: str, **labels: str) -> float:
    for family in text_string_to_metric_families(generate_latest(REGISTRY).decode()):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return found.value
    return 0.0


async def test_a_publish_redis_refuses_is_counted_and_never_raises() -> None:
    bus = RedisEventBus("redis://127.0.0.1:1/0")
    # Connected as `start` would, but to a port where nothing listens (start pings first).
    bus._redis = redis.from_url(bus.url)
    before = sample("agenteval_event_publish_failures_total")
    await bus.publish("topic", {"n": 1})  # the bus is a wake-up: a failure is counted, not raised
    await bus.close()
    assert sample("agenteval_event_publish_failures_total") == before + 1
    assert bus.publish_failures == 1


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


def test_lease_claims_and_takeovers_are_counted_by_kind() -> None:
    claims = sample("agenteval_lease_claims_total", kind="run")
    takeovers = sample("agenteval_lease_takeovers_total", kind="run")
    metrics.lease_claimed("run")
    metrics.lease_claimed("run")
    metrics.lease_taken_over("run")
    assert sample("agenteval_lease_claims_total", kind="run") == claims + 2
    assert sample("agenteval_lease_takeovers_total", kind="run") == takeovers + 1


def test_operation_names_are_bounded_in_length_and_number(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(metrics, "_operation_names", set())
    assert metrics.operation_label(None) == metrics.ANONYMOUS
    assert metrics.operation_label("x" * 65) == metrics.OTHER
    names = [f"Operation{n}" for n in range(metrics.MAX_OPERATION_NAMES)]
    assert [metrics.operation_label(name) for name in names] == names
    assert metrics.operation_label("OneTooMany") == metrics.OTHER
    assert metrics.operation_label("Operation7") == "Operation7"  # known names stay
