"""Closing quiet conversations and claiming closed ones for judging, across processes.

Each closed conversation is judged exactly once per version, whatever processes run
and die:

- Closing is a compare-and-set (status OPEN and the turn count read): a turn arriving
  meanwhile keeps it open. Each close adds one to `version`.
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


async def close_quiet(now: datetime, limit: int = 1000) -> int:
    """Close the open conversations that ended or whose source's quiet period passed."""
    quiet = {s.id: s.quiet_period_s for s in await MonitoredSource.all()}
    if not quiet:
        return 0
    shortest = min(quiet.values())
    rows = await (MonitoredConversation.filter(status="OPEN")
                  .filter(Q(ended=True) | Q(last_turn_at__lte=now - timedelta(seconds=shortest)))
                  .order_by("last_turn_at").limit(limit))
    closed = 0
    for row in rows:
        due = row.ended or row.last_turn_at <= now - timedelta(seconds=quiet.get(row.source_id, 300))
        if not due:
            continue
        closed += await (MonitoredConversation
                         .filter(id=row.id, status="OPEN", turn_count=row.turn_count)
                         .update(status="CLOSED", version=F("version") + 1))
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


async def finish(conversation_id: uuid.UUID, version: int, worker: str) -> bool:
    """JUDGED if it is still this closed version held by `worker`; the claim let go."""
    done = await (MonitoredConversation
                  .filter(id=conversation_id, status="CLOSED", version=version,
                          claimed_by=worker)
                  .update(status="JUDGED", claimed_by=None, claimed_until=None))
    if not done:
        await (MonitoredConversation.filter(id=conversation_id, claimed_by=worker)
               .update(claimed_by=None, claimed_until=None))
    return bool(done)
