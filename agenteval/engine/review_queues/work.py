"""A reviewer's work on a queue: claim a batch, read an item, answer it, give it back.

Stages: FIRST (every selected item); SECOND, blind, for the plan's share of items
(the first reviewer may not take it and nobody's answer is shown on it);
ARBITRATION when the two disagree (neither of them may take it; it shows both
answers); APPEAL (engine/review_queues/appeals.py). The FIRST item keeps the
final verdict and where it came from (REVIEW, ARBITRATION, APPEAL).
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.review_queues.rubric import check_answer, overturns, same_verdict
from agenteval.engine.review_queues.final_verdicts import settle
from agenteval.errors import Conflict, Forbidden, NotFound, ValidationFailed
from agenteval.store.access.api_keys import key_label
from agenteval.store.review_queues import appeal_rows, claims, items, queue_rows
from agenteval.store.review_queues.appeal_rows import ReviewAppealRow
from agenteval.store.review_queues.items import ReviewAnswerRow, ReviewItemRow
from agenteval.store.review_queues.queue_rows import ApiKey, ReviewQueueRow

MAX_BATCH = 50


def now() -> datetime:
    return datetime.now(UTC)


async def queue_for(queue_id: uuid.UUID, key: ApiKey) -> ReviewQueueRow:
    """The queue, if this key may work on it (a REVIEWER only on queues it is given)."""
    queue = await queue_rows.find_queue(queue_id)
    if queue is None:
        raise NotFound(f"review queue {queue_id} does not exist")
    if key.role == "REVIEWER" and str(key.id) not in (queue.reviewer_key_ids or []):
        raise Forbidden(f"review queue {queue_id} is not given to this REVIEWER key")
    return queue


async def item_for(item_id: uuid.UUID, key: ApiKey) -> ReviewItemRow:
    item = await items.find_item(item_id)
    if item is None:
        raise NotFound(f"review item {item_id} does not exist")
    await queue_for(item.queue_id, key)
    return item


async def claim_batch(queue_id: uuid.UUID, size: int, key: ApiKey, lease_s: float
                      ) -> list[ReviewItemRow]:
    """Up to `size` items locked for this key until the lease ends (claiming renews it)."""
    if not 1 <= size <= MAX_BATCH:
        raise ValidationFailed.one("size", f"must be from 1 to {MAX_BATCH}")
    await queue_for(queue_id, key)
    ids = await claims.claim(queue_id, key.id, size, lease_s, now())
    rows = await items.items_by_ids(ids)
    return [rows[item_id] for item_id in ids]


async def assign_batch(queue_id: uuid.UUID, size: int, reviewer: ApiKey, lease_s: float
                       ) -> list[ReviewItemRow]:
    """An OPERATOR hands a batch to a reviewer: the same claim, made on its behalf."""
    queue = await queue_rows.find_queue(queue_id)
    if queue is None:
        raise NotFound(f"review queue {queue_id} does not exist")
    if reviewer.role not in ("ADMIN", "OPERATOR", "REVIEWER"):
        raise ValidationFailed.one("reviewerKeyId", f"key {reviewer.id} has role "
                                   f"{reviewer.role}: a reviewer needs REVIEWER, OPERATOR or ADMIN")
    if reviewer.role == "REVIEWER" and str(reviewer.id) not in (queue.reviewer_key_ids or []):
        raise ValidationFailed.one("reviewerKeyId", "the queue is not given to this key: "
                                                    "assignReviewQueue first")
    return await claim_batch(queue_id, size, reviewer, lease_s)


async def release_item(item_id: uuid.UUID, key: ApiKey) -> ReviewItemRow:
    item = await item_for(item_id, key)
    if not await claims.release(item_id, key.id):
        raise Conflict(f"review item {item_id} is not claimed by this key")
    await items.refresh(item)
    return item


async def family(item: ReviewItemRow) -> list[ReviewItemRow]:
    """The FIRST item and every later stage about the same subject."""
    return await items.family(item.parent_id or item.id)


async def record_answer(item_id: uuid.UUID, raw: Any, note: str | None, seconds: float | None,
                        key: ApiKey) -> ReviewItemRow:
    """Store the key's answer to an item it holds; the next stage follows from it."""
    item = await item_for(item_id, key)
    errors = FieldErrors()
    answer = check_answer(item.kind, item.rubric, raw, errors)
    if seconds is not None and not 0 <= seconds <= 86400:
        errors.add("seconds", "must be from 0 to 86400")
    if item.stage == "APPEAL":
        # An appeal of one judged rule result is decided on that result: its verdict is due.
        entry = (await _appeal_of(item)).entry_key
        if entry and entry not in (answer.get("entries") or {}):
            errors.add(f"answer.entries.{entry}", "the appeal contests this rule result: "
                                                  "give its verdict")
    errors.raise_if_any()
    root = item if item.parent_id is None else await items.find_item(item.parent_id)
    assert root is not None, "a later stage's FIRST item is deleted with it"
    async with items.transaction():
        if not await claims.complete(item.id, key.id, now()):
            raise Conflict(f"review item {item_id} is not claimed by this key (claim a batch "
                           "first; another reviewer may hold it, or it is answered)")
        row = await items.add_answer(item_id=item.id, reviewer=key_label(key),
                                     reviewer_key_id=key.id, answer=answer, note=note,
                                     seconds=seconds)
        await _follow_up(item, root, row)
    await items.refresh(item)
    return item


async def _appeal_of(item: ReviewItemRow) -> ReviewAppealRow:
    appeal = await appeal_rows.appeal_of_stage(item.id)
    assert appeal is not None, "an APPEAL item is made with its appeal"
    return appeal


async def _next_stage(root: ReviewItemRow, stage: str, excluded: list[str]) -> None:
    await items.add_item(
        id=uuid.uuid4(), queue_id=root.queue_id, position=root.position, stage=stage,
        parent_id=root.id, kind=root.kind, target=root.target, run_id=root.run_id,
        eval_id=root.eval_id, reasons=root.reasons, rubric=root.rubric,
        excluded_key_ids=excluded)


async def _follow_up(item: ReviewItemRow, root: ReviewItemRow, row: ReviewAnswerRow) -> None:
    who = str(row.reviewer_key_id)
    if item.stage == "FIRST":
        if item.double_review:
            await _next_stage(root, "SECOND", [who])
        else:
            await settle(root, row.answer, "REVIEW", row)
    elif item.stage == "SECOND":
        first = await items.first_answer(root.id)
        assert first is not None, "a second review follows a first"
        if same_verdict(first.answer, row.answer):
            await settle(root, first.answer, "REVIEW", first)
        else:
            await _next_stage(root, "ARBITRATION", [str(first.reviewer_key_id), who])
    elif item.stage == "ARBITRATION":
        await settle(root, row.answer, "ARBITRATION", row)
    elif item.stage == "APPEAL":
        appeal = await _appeal_of(item)
        await appeal_rows.decide(appeal, row.reviewer, now(),
                                 overturns(appeal.appealed_verdict, row.answer, appeal.entry_key))
        await settle(root, row.answer, "APPEAL", row)
