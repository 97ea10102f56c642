"""Closing quiet conversations and claiming closed ones for judging, across processes.

Each closed conversation is judged exactly once per version, whatever processes run
and die:

- Closing is one UPDATE whose WHERE is the closing condition (status OPEN, ended or quiet
  since the cutoff), so a turn committed meanwhile keeps its conversation open. Each
  close adds one to `version`.
- Claiming takes a row for `ttl` (claimed_by, claimed_until). On PostgreSQL the
  candidates are read `FOR UPDATE SKIP LOCKED` and taken by the same statement (one round
  trip: the UPDATE returns what judging needs), so concurrent workers take disjoint
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

import json
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from tortoise import Tortoise
from tortoise.expressions import F, Q

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


@dataclass(frozen=True)
class Claimed:
    """A closed conversation held for judging: what the judging reads of it."""

    id: uuid.UUID
    version: int
    source_id: uuid.UUID
    metadata: dict[str, Any]


CLAIM_POSTGRES = """
WITH picked AS (
  SELECT id FROM monitored_conversations
   WHERE status = 'CLOSED' AND (claimed_until IS NULL OR claimed_until < $1)
   ORDER BY last_turn_at LIMIT $2 FOR UPDATE SKIP LOCKED
)
UPDATE monitored_conversations c SET claimed_by = $3, claimed_until = $4
  FROM picked WHERE c.id = picked.id
RETURNING c.id, c.version, c.source_id, c.metadata
"""


async def claim_closed(worker: str, now: datetime, ttl_s: float, limit: int = 100
                       ) -> list[Claimed]:
    """Closed conversations no live worker holds, now held by `worker` until now + ttl."""
    until = now + timedelta(seconds=ttl_s)
    if is_postgres():
        _, rows = await Tortoise.get_connection("default").execute_query(
            CLAIM_POSTGRES, [now, limit, worker, until])
        return [Claimed(uuid.UUID(bytes=r["id"].bytes), r["version"],
                        uuid.UUID(bytes=r["source_id"].bytes), _json(r["metadata"]))
                for r in rows]
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
    if not won:
        return []
    return [Claimed(c.id, c.version, c.source_id, c.metadata)
            for c in await MonitoredConversation.filter(id__in=won)]


def _json(value: Any) -> dict[str, Any]:
    """A jsonb column as asyncpg gives it (text, unless a codec decoded it)."""
    return json.loads(value) if isinstance(value, str) else dict(value or {})


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
