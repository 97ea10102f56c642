"""Claiming queue items: never the same item to two reviewers at once, across processes.

Each item is taken by ONE conditional UPDATE (`… WHERE id = ? AND status = 'OPEN'
AND (claimed_by_key_id IS NULL OR claimed_until < now)`): PostgreSQL locks the
row and re-checks the condition after a competing update commits (READ
COMMITTED), SQLite has a single writer, so of two claimers exactly one sees one
row updated. A claim lapses at `claimed_until` (the `review_claim_timeout_s`
setting) and the item is free again; the reviewer's own live claims count
towards the batch, so claiming again renews rather than piles up.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from tortoise.expressions import Q

from agenteval.store.models import ReviewItemRow

_SCAN = 50  # candidates read per round; a lost race just moves on to the next one


def _free(now: datetime) -> Q:
    return Q(claimed_by_key_id__isnull=True) | Q(claimed_until__lt=now)


async def held_by(queue_id: uuid.UUID, key_id: uuid.UUID, now: datetime) -> list[uuid.UUID]:
    """The open items of the queue this key holds a live claim on, in queue order."""
    rows = await ReviewItemRow.filter(queue_id=queue_id, status="OPEN", claimed_by_key_id=key_id,
                                      claimed_until__gte=now).order_by("position").values("id")
    return [row["id"] for row in rows]


async def claim(queue_id: uuid.UUID, key_id: uuid.UUID, limit: int, lease_s: float,
                now: datetime) -> list[uuid.UUID]:
    """Up to `limit` items held by the key (its live claims renewed, then new ones)."""
    until = now + timedelta(seconds=lease_s)
    mine = await held_by(queue_id, key_id, now)
    if mine:
        await ReviewItemRow.filter(id__in=mine, claimed_by_key_id=key_id).update(
            claimed_until=until)
    skipped: set[uuid.UUID] = set()
    while len(mine) < limit:
        rows = await (ReviewItemRow.filter(queue_id=queue_id, status="OPEN")
                      .filter(_free(now)).exclude(id__in=list(skipped) or [uuid.UUID(int=0)])
                      .order_by("position").limit(_SCAN)
                      .values("id", "excluded_key_ids"))
        if not rows:
            break
        for row in rows:
            skipped.add(row["id"])
            if str(key_id) in (row["excluded_key_ids"] or []):
                continue
            taken = await (ReviewItemRow.filter(id=row["id"], status="OPEN").filter(_free(now))
                           .update(claimed_by_key_id=key_id, claimed_until=until))
            if taken:
                mine.append(row["id"])
                if len(mine) >= limit:
                    break
    return mine


async def release(item_id: uuid.UUID, key_id: uuid.UUID) -> bool:
    """Give a claimed item back; false when the key did not hold it."""
    return bool(await ReviewItemRow.filter(id=item_id, status="OPEN", claimed_by_key_id=key_id)
                .update(claimed_by_key_id=None, claimed_until=None))


async def complete(item_id: uuid.UUID, key_id: uuid.UUID, now: datetime) -> bool:
    """Mark the item done for the key that holds it (or whose lapsed claim nobody took
    over); false when another reviewer holds it or it is done already."""
    return bool(await ReviewItemRow.filter(id=item_id, status="OPEN", claimed_by_key_id=key_id)
                .update(status="DONE", done_at=now, claimed_until=None))


async def take_unreviewed(item_id: uuid.UUID, now: datetime) -> bool:
    """Take an open item nobody holds out of reviewing (APPEALED: its verdict is appealed
    before anyone first-reviewed it), by the same kind of conditional UPDATE as a claim;
    false when a reviewer holds it or it is no longer open."""
    return bool(await (ReviewItemRow.filter(id=item_id, status="OPEN").filter(_free(now))
                       .update(status="APPEALED", claimed_by_key_id=None, claimed_until=None)))
