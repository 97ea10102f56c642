"""Turns sent without a position or timestamp keep the order they were sent in, on both
databases: a dialog is rebuilt from them (user, reply, user, reply…), and a reply read
before the question it answers would turn a repeated address into a leak."""

from __future__ import annotations

from datetime import UTC, date, datetime

from agenteval.domain.monitoring.ingest_lines import IngestTurn
from agenteval.store.models import MonitoredConversation, MonitoredTurn
from agenteval.store.monitoring.ingest_writes import store_turns
from agenteval.store.monitoring.partitions import ensure_partitions
from agenteval.store.monitoring.sources import create_source

TODAY = date(2026, 12, 6)
NOW = datetime(2026, 12, 6, 9, tzinfo=UTC)


def turn(conversation: str, index: int) -> IngestTurn:
    role = "user" if index % 2 == 0 else "assistant"
    return IngestTurn(line=index + 1, source="shop", conversation_id=conversation,
                      message_key=f"{role[0]}{index}", position=None, role=role,
                      content=f"{role} {index}", timestamp=None, metadata={}, end=False)


async def test_turns_without_position_or_time_keep_the_order_they_were_sent_in(db: str) -> None:
    source = await create_source("shop")
    await ensure_partitions({TODAY})
    names = [f"c{n}" for n in range(30)]
    for exchange in range(3):  # as a bot's middleware forwards them: one exchange a request
        for name in names:
            await store_turns([turn(name, 2 * exchange), turn(name, 2 * exchange + 1)],
                              {"shop": source}, TODAY, NOW)
    # One request holding every conversation's next exchange at once.
    await store_turns([turn(name, index) for name in names for index in (6, 7)],
                      {"shop": source}, TODAY, NOW)
    for conversation in await MonitoredConversation.all():
        stored = await MonitoredTurn.filter(conversation_id=conversation.id).order_by("id")
        assert [t.content for t in stored] == [
            f"{'user' if i % 2 == 0 else 'assistant'} {i}" for i in range(8)], conversation.external_id
