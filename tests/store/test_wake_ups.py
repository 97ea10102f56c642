"""Wake-up subscriptions coalesce what arrived while the reader was busy (issue 27, load)."""

from __future__ import annotations

import asyncio

import pytest

from agenteval.store.event_bus import InMemoryEventBus, Overflowed


async def test_many_events_while_busy_wake_the_reader_once() -> None:
    bus = InMemoryEventBus(queue_size=100)
    wake_ups = await bus.subscribe("t", wake_ups=True)
    for index in range(50):
        await bus.publish("t", {"n": index})
    assert await wake_ups.get(timeout=1) == {"arrived": 50}
    with pytest.raises(TimeoutError):
        await wake_ups.get(timeout=0.05)  # nothing more: the 50 were one wake-up
    await bus.publish("t", {"n": 50})
    assert await wake_ups.get(timeout=1) == {"arrived": 1}
    await wake_ups.close()


async def test_more_than_the_queue_size_in_one_cycle_is_falling_behind() -> None:
    bus = InMemoryEventBus(queue_size=3)
    wake_ups = await bus.subscribe("t", wake_ups=True)
    for index in range(4):
        await bus.publish("t", {"n": index})
    with pytest.raises(Overflowed):
        await wake_ups.get(timeout=1)
    await bus.publish("t", {"n": 5})  # it may read again from its cursor afterwards
    assert await wake_ups.get(timeout=1) == {"arrived": 1}
    await wake_ups.close()


async def test_a_waiting_reader_wakes_at_the_first_event() -> None:
    bus = InMemoryEventBus()
    wake_ups = await bus.subscribe("t", wake_ups=True)
    waiting = asyncio.ensure_future(wake_ups.get(timeout=2))
    await asyncio.sleep(0.01)
    await bus.publish("t", {"n": 1})
    assert await waiting == {"arrived": 1}
    await wake_ups.close()
