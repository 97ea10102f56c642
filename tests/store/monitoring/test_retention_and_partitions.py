"""Retention on both databases; on PostgreSQL turns land in daily partitions and old
partitions are dropped whole."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from tortoise import Tortoise

from agenteval.domain.monitoring.ingest_lines import IngestTurn
from agenteval.store.models import MonitoredConversation, MonitoredTurn
from agenteval.store.monitoring.ingest_writes import store_turns
from agenteval.store.monitoring.partitions import ensure_partitions, is_postgres
from agenteval.store.monitoring.retention import purge_expired
from agenteval.store.monitoring.sources import create_source

TODAY = date(2026, 12, 6)


def turns(conversation: str, count: int) -> list[IngestTurn]:
    return [IngestTurn(line=i, source="shop", conversation_id=conversation, message_key=f"m{i}",
                       position=i, role="user", content=f"t{i}", timestamp=None)
            for i in range(count)]


async def test_old_conversations_go_and_partitions_are_dropped(db: str) -> None:
    source = await create_source("shop", retention_days=7)
    old_day = TODAY - timedelta(days=10)
    await ensure_partitions({old_day, TODAY})
    now = datetime(2026, 12, 6, tzinfo=UTC)
    await store_turns(turns("old", 3), {"shop": source}, old_day, now)
    await store_turns(turns("new", 2), {"shop": source}, TODAY, now)
    if is_postgres():
        _, rows = await Tortoise.get_connection("default").execute_query(
            "SELECT tableoid::regclass::text AS part, count(*) AS n FROM monitored_turns "
            "GROUP BY 1 ORDER BY 1")
        assert [(r["part"], r["n"]) for r in rows] == [
            ("monitored_turns_p20261126", 3), ("monitored_turns_p20261206", 2)]
    assert await purge_expired(TODAY) == 1
    assert [c.external_id for c in await MonitoredConversation.all()] == ["new"]
    assert await MonitoredTurn.all().count() == 2
    if is_postgres():
        _, rows = await Tortoise.get_connection("default").execute_query(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid")
        assert "monitored_turns_p20261126" not in {r["relname"] for r in rows}
