"""The event log: sequences are gap-free per eval even when many writers append at once."""

from __future__ import annotations

import asyncio

from tortoise.transactions import in_transaction

from agenteval.store.eval_log import append_event, publish_events, record_event
from agenteval.store.event_bus import InMemoryEventBus
from agenteval.store.models import EvalEvent, IntelligentEval, Target


async def make_eval(name: str = "e") -> IntelligentEval:
    target = await Target.create(name="t", channel_type="demo", channel_config={})
    return await IntelligentEval.create(name=name, target=target, status="PLANNING", goal="g",
                                        intent="i", role_description="r")


async def test_concurrent_appends_get_consecutive_sequences(db: str) -> None:
    row = await make_eval()

    async def one(n: int) -> int:
        async with in_transaction():
            event = await append_event(row.id, "HEARTBEAT", "PLANNING", detail={"n": n})
        return event.sequence

    sequences = await asyncio.gather(*(one(n) for n in range(30)))
    assert sorted(sequences) == list(range(1, 31))
    stored = await EvalEvent.filter(eval_id=row.id).order_by("sequence").values_list(
        "sequence", flat=True)
    assert stored == list(range(1, 31))


async def test_a_rolled_back_append_leaves_no_gap(db: str) -> None:
    row = await make_eval()
    try:
        async with in_transaction():
            await append_event(row.id, "HEARTBEAT", "PLANNING")
            raise RuntimeError("abort")
    except RuntimeError:
        pass
    bus = InMemoryEventBus()
    subscription = await bus.subscribe(f"eval:{row.id}")
    event = await record_event(bus, row.id, "AGENT_WOKEN", detail={"role": "planner"})
    assert event.sequence == 1 and event.status == "PLANNING"
    assert (await subscription.get(1))["sequence"] == 1
    await publish_events(bus, [event])
    assert (await subscription.get(1))["sequence"] == 1
