"""Monitoring's retention: conversations older than their source's `retention_days` go.

SQLite deletes in batches (a long delete would hold its one writer); PostgreSQL also drops
whole daily partitions of turns once every source's retention has passed them, which
costs nothing per row. A conversation's age is its first-seen day, the turns' partition
key, so a partition never holds a turn of a conversation that is kept.
"""

from __future__ import annotations

from datetime import date, timedelta

from agenteval.store.models import (
    MonitoredConversation,
    MonitoredSource,
    MonitoredTurn,
    MonitorVerdict,
    RedLineHit,
)
from agenteval.store.monitoring.partitions import drop_partitions_before
from agenteval.store.search import index_writes as search_index

BATCH = 500


async def purge_expired(today: date) -> int:
    """Delete what every source's retention has passed; how many conversations went."""
    sources = await MonitoredSource.all()
    removed = 0
    for source in sources:
        if source.retention_days is None:
            continue
        cutoff = today - timedelta(days=source.retention_days)
        while True:
            ids = await (MonitoredConversation.filter(source_id=source.id,
                                                      first_seen_day__lt=cutoff)
                         .limit(BATCH).values_list("id", flat=True))
            if not ids:
                break
            await search_index.monitored_conversations_deleted(ids)
            await MonitoredTurn.filter(conversation_id__in=ids).delete()
            await MonitorVerdict.filter(conversation_id__in=ids).delete()
            await RedLineHit.filter(conversation_id__in=ids).delete()
            await MonitoredConversation.filter(id__in=ids).delete()
            removed += len(ids)
    if sources and all(s.retention_days is not None for s in sources):
        longest = max(float(s.retention_days or 0) for s in sources)
        await drop_partitions_before(today - timedelta(days=longest))
    return removed
