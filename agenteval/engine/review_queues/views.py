"""What a caller sees of an item: blind while the item is undecided.

Until an item has its final verdict and no later stage is open, a caller sees
only its own answers, except the holder of an ARBITRATION or APPEAL item, who
needs the earlier answers to decide. So a blind second reviewer never reads the
first answer, whatever its role. Once settled, the whole trail is visible.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agenteval.engine.review_queues.transcripts import item_transcript
from agenteval.engine.review_queues.work import family, now
from agenteval.store.review_queues import appeal_rows, items
from agenteval.store.review_queues.appeal_rows import ReviewAppealRow
from agenteval.store.review_queues.items import ReviewAnswerRow, ReviewItemRow
from agenteval.store.review_queues.queue_rows import ApiKey


@dataclass(frozen=True)
class ItemView:
    item: ReviewItemRow
    mine: bool
    transcript: list[dict[str, Any]] | None
    answers: list[tuple[ReviewAnswerRow, str]]  # (answer, stage of its item)
    appeal: ReviewAppealRow | None


def holds(item: ReviewItemRow, key: ApiKey) -> bool:
    return (item.status == "OPEN" and item.claimed_by_key_id == key.id
            and item.claimed_until is not None and item.claimed_until >= now())


async def item_view(item: ReviewItemRow, key: ApiKey, *, transcript: bool = False) -> ItemView:
    members = await family(item)
    stage_of = {m.id: m.stage for m in members}
    rows = await items.answers_of(list(stage_of))
    root = next(m for m in members if m.parent_id is None)
    settled = root.final is not None and not any(
        m.status == "OPEN" for m in members if m.parent_id is not None)
    deciding = item.stage in ("ARBITRATION", "APPEAL") and (
        holds(item, key) or any(r.item_id == item.id and r.reviewer_key_id == key.id
                                for r in rows))
    visible = [(r, stage_of[r.item_id]) for r in rows
               if settled or deciding or r.reviewer_key_id == key.id]
    appeal = None
    if item.stage == "APPEAL":
        appeal = await appeal_rows.appeal_of_stage(item.id)
    elif item.parent_id is None:
        appeal = await appeal_rows.latest_appeal_of(item.id)
    text = await item_transcript(item.kind, item.target, item.run_id) if transcript else None
    return ItemView(item, holds(item, key), text, visible, appeal)
