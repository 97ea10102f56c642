"""Queue items and their answers on the database: a FIRST item per sampled subject, later
stages (SECOND, ARBITRATION, APPEAL) pointing at it, the answers given to each, and the
final verdict kept on the FIRST item. Claims are in claims.py.

The rows still cross this port (the API's types read their attributes); exported here so
the engine names them without importing the models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from agenteval.store.models import ReviewAnswerRow, ReviewItemRow
from agenteval.store.paging import where_given

__all__ = ["ReviewAnswerRow", "ReviewItemRow", "add_answer", "add_item", "answers_of",
           "decided_case_targets", "family", "final_roots", "find_item", "first_answer",
           "first_item_of", "first_stage_count", "get_item", "items_by_ids", "items_of_queue",
           "latest_answer", "later_stage_ids", "queue_page", "refresh", "settle",
           "transaction"]


def transaction() -> Any:
    """One transaction around several writes of the workbench: the writes inside join it
    (nested, a savepoint on PostgreSQL)."""
    return in_transaction()


async def find_item(item_id: uuid.UUID) -> ReviewItemRow | None:
    return await ReviewItemRow.get_or_none(id=item_id)


async def get_item(item_id: uuid.UUID) -> ReviewItemRow:
    """The item, which exists (DoesNotExist otherwise)."""
    return await ReviewItemRow.get(id=item_id)


async def items_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, ReviewItemRow]:
    return {row.id: row for row in await ReviewItemRow.filter(id__in=list(ids))}


async def items_of_queue(queue_id: uuid.UUID) -> list[ReviewItemRow]:
    """Every item of the queue, every stage, in queue order."""
    return list(await ReviewItemRow.filter(queue_id=queue_id).order_by("position"))


async def queue_page(queue_id: uuid.UUID, stage: str | None, status: str | None,
                     held_by: uuid.UUID | None, now: datetime, offset: int, limit: int
                     ) -> list[ReviewItemRow]:
    """A page of the queue's items in queue order, of this stage and status when given, and
    when `held_by` is, only the OPEN items that key holds a live claim on at `now`."""
    query = ReviewItemRow.filter(queue_id=queue_id)
    query = where_given(query, stage=stage, status=status)
    if held_by is not None:
        query = query.filter(claimed_by_key_id=held_by, status="OPEN", claimed_until__gte=now)
    return list(await query.order_by("position", "created_at").offset(offset).limit(limit))


async def refresh(item: ReviewItemRow) -> None:
    """Read the item's row again (a claim or an answer changed it in the database)."""
    await item.refresh_from_db()


async def family(root_id: uuid.UUID) -> list[ReviewItemRow]:
    """The FIRST item and every later stage about the same subject."""
    return (list(await ReviewItemRow.filter(id=root_id))
            + list(await ReviewItemRow.filter(parent_id=root_id)))


async def later_stage_ids(root_id: uuid.UUID) -> list[uuid.UUID]:
    return [row["id"] for row in await ReviewItemRow.filter(parent_id=root_id).values("id")]


async def add_item(**fields: Any) -> ReviewItemRow:
    """A new item (its `id`, `queue_id`, `position`, `stage`, subject and rubric given)."""
    return await ReviewItemRow.create(**fields)


async def settle(root_id: uuid.UUID, answer: dict[str, Any], source: str) -> None:
    """Keep the final verdict, and where it came from, on the FIRST item."""
    await ReviewItemRow.filter(id=root_id).update(final=answer, final_source=source)


async def final_roots(kinds: Sequence[str]) -> list[ReviewItemRow]:
    """FIRST items of the given kinds that have their final verdict, oldest first."""
    return list(await ReviewItemRow.filter(stage="FIRST", kind__in=list(kinds),
                                           final__not_isnull=True
                                           ).order_by("created_at", "position"))


async def decided_case_targets() -> list[tuple[uuid.UUID | None, str]]:
    """(run id, target) of every case attempt whose FIRST item has its final verdict."""
    return list(await ReviewItemRow.filter(stage="FIRST", kind="CASE", final__not_isnull=True
                                           ).values_list("run_id", "target"))


async def first_item_of(run_id: uuid.UUID | None, eval_id: uuid.UUID | None, target: str
                        ) -> ReviewItemRow | None:
    """The newest FIRST item, in any queue, about this subject of a run or an eval."""
    return await (ReviewItemRow.filter(stage="FIRST", run_id=run_id, eval_id=eval_id,
                                       target=target).order_by("-created_at").first())


async def first_stage_count(queue_id: uuid.UUID) -> int:
    return await ReviewItemRow.filter(queue_id=queue_id, stage="FIRST").count()


async def first_answer(item_id: uuid.UUID) -> ReviewAnswerRow | None:
    return await ReviewAnswerRow.filter(item_id=item_id).order_by("id").first()


async def latest_answer(item_ids: Sequence[uuid.UUID]) -> ReviewAnswerRow | None:
    """The latest answer given to any of the items."""
    return await ReviewAnswerRow.filter(item_id__in=list(item_ids)).order_by("-id").first()


async def answers_of(item_ids: Sequence[uuid.UUID]) -> list[ReviewAnswerRow]:
    """The answers given to the items, oldest first."""
    return list(await ReviewAnswerRow.filter(item_id__in=list(item_ids)).order_by("id"))


async def add_answer(*, item_id: uuid.UUID, reviewer: str, reviewer_key_id: uuid.UUID,
                     answer: dict[str, Any], note: str | None, seconds: float | None
                     ) -> ReviewAnswerRow:
    return await ReviewAnswerRow.create(item_id=item_id, reviewer=reviewer,
                                        reviewer_key_id=reviewer_key_id, answer=answer,
                                        note=note, seconds=seconds)
