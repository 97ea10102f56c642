"""Ingestion writes under concurrency, on both databases: requests racing to open the same
conversation with overlapping turns store each turn once, count it once, and the
conversation's bookkeeping (turn count, reopening, quiet period) stays exact."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, timedelta

from agenteval.domain.monitoring.ingest_lines import IngestTurn
from agenteval.store.models import MonitoredConversation, MonitoredTurn
from agenteval.store.monitoring.ingest_writes import store_turns
from agenteval.store.monitoring.partitions import ensure_partitions
from agenteval.store.monitoring.sources import create_source

TODAY = date(2026, 12, 6)
NOW = datetime(2026, 12, 6, 9, tzinfo=UTC)


def turn(conversation: str, key: str, *, end: bool = False, meta: str = "") -> IngestTurn:
    return IngestTurn(line=1, source="shop", conversation_id=conversation, message_key=key,
                      position=None, role="assistant", content=f"reply {key}", timestamp=None,
                      metadata={"channel": meta} if meta else {}, end=end)


async def test_racing_requests_store_each_turn_once(db: str) -> None:
    source = await create_source("shop")
    await ensure_partitions({TODAY})
    # Several rounds: the first opens the pool's connections, the next ones truly race.
    for round_ in range(4):
        # 8 requests at once, keys m0..m4 shifted: 12 distinct keys in each of 2 conversations.
        names = (f"a{round_}", f"b{round_}")
        requests = [[turn(conversation, f"m{i + shift}") for i in range(5)
                     for conversation in names] for shift in range(8)]
        stored = await asyncio.gather(*(store_turns(r, {"shop": source}, TODAY, NOW)
                                        for r in requests))
        assert sum(s.accepted for s in stored) == 24
        assert sum(s.accepted + s.duplicates for s in stored) == 80
        assert await MonitoredTurn.filter(
            conversation_id__in=await MonitoredConversation.filter(
                external_id__in=names).values_list("id", flat=True)).count() == 24
        counts = dict(await MonitoredConversation.filter(external_id__in=names).values_list(
            "external_id", "turn_count"))
        assert counts == {names[0]: 12, names[1]: 12}


async def test_repeats_in_a_request_retries_and_late_turns(db: str) -> None:
    source = await create_source("shop")
    await ensure_partitions({TODAY})
    first = await store_turns([turn("c", "m1", meta="app"), turn("c", "m1"), turn("c", "m2")],
                              {"shop": source}, TODAY, NOW)
    assert (first.accepted, first.duplicates, first.conversations) == (2, 1, 1)
    # A pure retry later: nothing new, and the quiet period is not extended by it.
    retry = await store_turns([turn("c", "m2")], {"shop": source}, TODAY + timedelta(days=1),
                              NOW + timedelta(hours=1))
    assert (retry.accepted, retry.duplicates) == (0, 1)
    row = await MonitoredConversation.get(external_id="c")
    assert (row.turn_count, row.last_turn_at, row.metadata) == (2, NOW, {"channel": "app"})
    await MonitoredConversation.filter(id=row.id).update(status="JUDGED", version=1)
    # A late turn on another day: its conversation's first-seen day, reopened, merged.
    late = await store_turns([turn("c", "m3", meta="web")], {"shop": source},
                             TODAY + timedelta(days=1), NOW + timedelta(hours=2))
    assert late.accepted == 1
    row = await MonitoredConversation.get(external_id="c")
    assert (row.status, row.turn_count, row.version, row.ended) == ("OPEN", 3, 1, False)
    assert row.metadata == {"channel": "web"} and row.first_seen_day == TODAY
    assert set(await MonitoredTurn.filter(conversation_id=row.id).values_list(
        "first_seen_day", flat=True)) == {TODAY}
    # An end marker alone (a duplicate turn) still ends it.
    await store_turns([turn("c", "m3", end=True)], {"shop": source}, TODAY, NOW)
    assert (await MonitoredConversation.get(external_id="c")).ended is True
