"""Closing quiet conversations and claiming closed ones for judging, across processes.

Each closed conversation is judged exactly once per version, whatever processes run
and die:

- Closing is one UPDATE whose WHERE is the closing condition (status OPEN, ended or quiet
  since the cutoff), so a turn committed meanwhile keeps its conversation open. Each
  close adds one to `version`.
- Claiming takes a row for `ttl` (claimed_by, claimed_until). On PostgreSQL the
  candidates are read `FOR UPDATE SKIP LOCKED`, so concurrent workers take disjoint
  rows without waiting on each other; on SQLite (one writer at a time) each claim is a
  compare-and-set UPDATE whose row count says who won. A claim whose owner died
  (kill -9) lapses at `claimed_until` and is taken again.
- Verdicts are unique on (monitor, conversation, version), so a judgement repeated after
  a lapsed claim writes nothing twice; finishing is again a compare-and-set on
  (status CLOSED, version), so a conversation reopened by a late turn stays open.

Why not the actor runtime's owned entities: a claim here lives for one judgement of a
few milliseconds, thousands a second, and the runtime was being refactored meanwhile;
docs/design.md ("Monitoring: judging exactly once") says more.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from tortoise.expressions import F, Q
from tortoise.transactions import in_transaction

from agenteval.store.models import MonitoredConversation, MonitoredSource
from agenteval.store.monitoring.partitions import is_postgres


async def close_quiet(now: datetime) -> int:
    """Close the open conversations that ended or whose source's quiet period passed.

    One UPDATE per source (there are few) whose WHERE is the condition itself, so a turn
    committed meanwhile (it moves last_turn_at) keeps its conversation open, and one
    source's open conversations never hide another's that are due."""
    closed = 0
    for source_id, quiet_s in await MonitoredSource.all().values_list("id", "quiet_period_s"):
        due = Q(ended=True) | Q(last_turn_at__lte=now - timedelta(seconds=quiet_s))
        closed += await (MonitoredConversation.filter(source_id=source_id, status="OPEN")
                         .filter(due).update(status="CLOSED", version=F("version") + 1))
    return closed


async def claim_closed(worker: str, now: datetime, ttl_s: float, limit: int = 100
                       ) -> list[MonitoredConversation]:
    """Closed conversations no live worker holds, now held by `worker` until now + ttl."""
    until = now + timedelta(seconds=ttl_s)
    if is_postgres():
        async with in_transaction() as connection:
            _, rows = await connection.execute_query(
                "SELECT id FROM monitored_conversations WHERE status = 'CLOSED' "
                "AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY last_turn_at "
                "LIMIT $2 FOR UPDATE SKIP LOCKED", [now, limit])
            ids = [row["id"] for row in rows]
            if ids:
                await (MonitoredConversation.filter(id__in=ids).using_db(connection)
                       .update(claimed_by=worker, claimed_until=until))
        return list(await MonitoredConversation.filter(id__in=ids)) if ids else []
    candidates = await (MonitoredConversation.filter(status="CLOSED")
                        .filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
                        .order_by("last_turn_at").limit(limit).values_list("id", flat=True))
    won = []
    for conversation_id in candidates:
        taken = await (MonitoredConversation.filter(id=conversation_id, status="CLOSED")
                       .filter(Q(claimed_until__isnull=True) | Q(claimed_until__lt=now))
                       .update(claimed_by=worker, claimed_until=until))
        if taken:
            won.append(conversation_id)
    return list(await MonitoredConversation.filter(id__in=won)) if won else []


async def finish(claimed: list[tuple[uuid.UUID, int]], worker: str) -> None:
    """Each (conversation, version) JUDGED if it is still that closed version held by
    `worker` (one UPDATE per version: almost always one); every claim let go."""
    by_version: dict[int, list[uuid.UUID]] = {}
    for conversation_id, version in claimed:
        by_version.setdefault(version, []).append(conversation_id)
    for version, ids in by_version.items():
        await (MonitoredConversation
               .filter(id__in=ids, status="CLOSED", version=version, claimed_by=worker)
               .update(status="JUDGED", claimed_by=None, claimed_until=None))
    # Reopened meanwhile by a late turn: still open, only the claim goes.
    await (MonitoredConversation.filter(id__in=[c for c, _ in claimed], claimed_by=worker)
           .update(claimed_by=None, claimed_until=None))
