"""The event log: sequences are gap-free per eval even when many writers append at once."""

from __future__ import annotations

import asyncio

from tortoise.transactions import in_transaction

from agenteval.domain.intelligent.eval_events import NewEvent
from agenteval.store.evals.eval_log import append_events, record_event
from agenteval.store.evals.eval_topics import publish_events
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
            appended = await append_events(row.id, "PLANNING", [NewEvent("HEARTBEAT", {"n": n})])
        assert appended is not None
        return appended.events[0].sequence

    sequences = await asyncio.gather(*(one(n) for n in range(30)))
    assert sorted(sequences) == list(range(1, 31))
    stored = await EvalEvent.filter(eval_id=row.id).order_by("sequence").values_list(
        "sequence", flat=True)
    assert stored == list(range(1, 31))


async def test_a_rolled_back_append_leaves_no_gap(db: str) -> None:
    row = await make_eval()
    try:
        async with in_transaction():
            await append_events(row.id, "PLANNING", [NewEvent("HEARTBEAT")])
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


async def test_one_append_reserves_consecutive_sequences_and_moves_the_counters(db: str) -> None:
    row = await make_eval()
    async with in_transaction():
        first = await append_events(row.id, "PLANNING", [NewEvent("HEARTBEAT")])
        both = await append_events(row.id, "PLANNING", [NewEvent("A"), NewEvent("B")], turns=2)
    assert first is not None and both is not None
    assert [e.sequence for e in first.events + both.events] == [1, 2, 3]
    assert both.turns_used == 2
    fresh = await IntelligentEval.get(id=row.id)
    assert (fresh.event_sequence, fresh.turns_used) == (3, 2)


async def test_an_append_conditioned_on_another_status_stores_nothing(db: str) -> None:
    row = await make_eval()
    async with in_transaction():
        refused = await append_events(row.id, "EXECUTING", [NewEvent("MESSAGE_EXCHANGED")],
                                      turns=1, only_if_status="EXECUTING")
    assert refused is None
    assert not await EvalEvent.filter(eval_id=row.id).exists()
    assert (await IntelligentEval.get(id=row.id)).turns_used == 0
