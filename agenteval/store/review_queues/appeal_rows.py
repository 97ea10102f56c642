"""Appeal rows on the database: the trail of an appeal (who appealed what and why, who
decided, whether the verdict was overturned), one per APPEAL item.

The rows still cross this port (the API's types read them); exported so the engine names
them without importing the models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from agenteval.store.models import ReviewAppealRow, ReviewItemRow

__all__ = ["ReviewAppealRow", "add_appeal", "appeal_of_stage", "appeals_of",
           "appeals_of_owner", "appeals_of_queue", "decide", "has_open_appeal",
           "latest_appeal_of"]

NO_ID = uuid.UUID(int=0)  # an `IN` list never empty (no item has it)


async def add_appeal(**fields: Any) -> ReviewAppealRow:
    """A new appeal (its `id`, `item_id`, `appeal_item_id`, the appealed verdict, the
    reason and the appellant given)."""
    return await ReviewAppealRow.create(**fields)


async def appeal_of_stage(appeal_item_id: uuid.UUID) -> ReviewAppealRow | None:
    """The appeal an APPEAL item decides."""
    return await ReviewAppealRow.get_or_none(appeal_item_id=appeal_item_id)


async def has_open_appeal(item_id: uuid.UUID) -> bool:
    return await ReviewAppealRow.filter(item_id=item_id, status="OPEN").exists()


async def latest_appeal_of(item_id: uuid.UUID) -> ReviewAppealRow | None:
    """The newest appeal of a FIRST item."""
    return await ReviewAppealRow.filter(item_id=item_id).order_by("-created_at").first()


async def appeals_of(item_ids: Sequence[uuid.UUID]) -> list[ReviewAppealRow]:
    return list(await ReviewAppealRow.filter(item_id__in=list(item_ids)))


async def appeals_of_queue(queue_id: uuid.UUID) -> list[ReviewAppealRow]:
    """The appeals of a queue's FIRST items, newest first."""
    ids = await ReviewItemRow.filter(queue_id=queue_id, stage="FIRST").values_list("id",
                                                                                   flat=True)
    return list(await ReviewAppealRow.filter(item_id__in=list(ids)).order_by("-created_at"))


async def appeals_of_owner(run_id: uuid.UUID | None, eval_id: uuid.UUID | None
                           ) -> list[tuple[ReviewAppealRow, ReviewItemRow]]:
    """The appeals of a run's verdicts (`run_id`) or an eval's (`eval_id`; give exactly one),
    from any queue, newest first, each with the FIRST item it appeals."""
    owner = {"run_id": run_id} if run_id is not None else {"eval_id": eval_id}
    roots = {r.id: r for r in await ReviewItemRow.filter(stage="FIRST", **owner)}
    rows = await (ReviewAppealRow.filter(item_id__in=list(roots) or [NO_ID])
                  .order_by("-created_at"))
    return [(row, roots[row.item_id]) for row in rows]


async def decide(appeal: ReviewAppealRow, decided_by: str, at: datetime, overturned: bool
                 ) -> None:
    appeal.status, appeal.decided_by, appeal.decided_at = "DECIDED", decided_by, at
    appeal.overturned = overturned
    await appeal.save()
