"""Appeals of any verdict: a run's attempt (or one judged rule result of it), an eval's
session goal or finding, whether or not a queue ever sampled it.

One concept with queue appeals (engine/review_queues/appeals.py): when the subject
already has a first-review item in some queue, that item is appealed. Otherwise the
subject becomes a FIRST item (status APPEALED: nobody first-reviews it) of the run's
or eval's **appeals queue** — one per run or eval, made on the first appeal — and the
APPEAL item follows as usual: a reviewer other than the appellant and whoever gave
the appealed verdict decides; the queue's report and `reviewAppeals` count and trail it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from agenteval.domain.review_queues.rubric import machine_answer
from agenteval.engine.review_queues.appeals import (
    appeal_item,
    check_reason,
    human_verdict,
    open_appeal,
)
from agenteval.engine.review_queues.candidates import Reviewable, eval_items, run_attempt
from agenteval.errors import NotFound, ValidationFailed
from agenteval.store.access.api_keys import key_label
from agenteval.store.review_queues import items, queue_rows
from agenteval.store.review_queues.appeal_rows import ReviewAppealRow
from agenteval.store.review_queues.items import ReviewItemRow
from agenteval.store.review_queues.queue_rows import ApiKey, ReviewQueueRow


@dataclass(frozen=True)
class Subject:
    """What is appealed: `target` as the review tables spell it ("case:KEY#ATTEMPT",
    "session:ID", "finding:N") of a run or an eval; `entry_key` ("rule:<position>") when
    only one judged rule result of a case is contested."""

    run_id: uuid.UUID | None
    eval_id: uuid.UUID | None
    target: str
    entry_key: str | None = None

    @property
    def owner(self) -> str:
        return f"run:{self.run_id}" if self.run_id else f"eval:{self.eval_id}"


async def _reviewable(subject: Subject) -> Reviewable:
    """The subject with its rubric; NOT_FOUND / INVALID_TRANSITION as a queue's sources."""
    if subject.run_id is not None:
        case_key, _, attempt = subject.target.removeprefix("case:").rpartition("#")
        found = await run_attempt(subject.run_id, case_key, int(attempt))
    else:
        assert subject.eval_id is not None
        found = next((r for r in await eval_items(subject.eval_id)
                      if r.candidate.target == subject.target), None)
    if found is None:
        raise NotFound(f"{subject.owner} has no {subject.target} to appeal")
    if subject.entry_key is not None and not any(
            e["key"] == subject.entry_key and e.get("judged")
            for e in found.rubric.get("entries") or []):
        raise ValidationFailed.one("subject.rulePosition",
                                   f"{subject.target} has no judged rule result "
                                   f"{subject.entry_key} (only JUDGE rules that gave a "
                                   "verdict are appealed one by one)")
    return found


def _queue_name(subject: Subject, owner_name: str) -> str:
    """The stored name (for the CLI and API clients); the UI writes its own from
    `appealsOf` and the owner's name kept in the sources, in its language."""
    if subject.run_id is not None:
        return f"Appeals: {owner_name} · run {str(subject.run_id)[:8]}"
    return f"Appeals: {owner_name} · eval {str(subject.eval_id)[:8]}"


async def appeals_queue(subject: Subject, key: ApiKey) -> ReviewQueueRow:
    """The run's or eval's appeals queue, made once even when two processes race to."""
    found = await queue_rows.find_appeals_queue(subject.owner)
    if found is not None:
        return found
    owner_name = await queue_rows.owner_name(subject.run_id, subject.eval_id)
    sources = {"runIds": [str(subject.run_id)] if subject.run_id else [],
               "evalIds": [str(subject.eval_id)] if subject.eval_id else [], "monitorIds": [],
               "appeals": True, "ownerName": owner_name}
    return await queue_rows.appeals_queue(subject.owner, {
        "name": _queue_name(subject, owner_name), "plan_id": None, "sources": sources,
        "reviewer_key_ids": [], "created_by": key_label(key)})


async def _first_item(subject: Subject) -> ReviewItemRow | None:
    return await items.first_item_of(subject.run_id, subject.eval_id, subject.target)


async def appeal_verdict(subject: Subject, reason: str, key: ApiKey) -> ReviewAppealRow:
    check_reason(reason)
    reviewable = await _reviewable(subject)
    existing = await _first_item(subject)
    if existing is None:
        queue = await appeals_queue(subject, key)
        async with items.transaction():
            # Two first appeals of one subject at once: the write lock on the queue's row (a
            # row lock on PostgreSQL, the database's on SQLite) makes the second wait, and the
            # check after it sees the first one's item, so the subject gets one item.
            await queue_rows.lock_appeals_queue(queue.id, subject.owner)
            existing = await _first_item(subject)
            if existing is None:
                return await _new_subject(queue, subject, reviewable, reason, key)
    return await appeal_item(existing.id, reason, key, subject.entry_key)


async def _new_subject(queue: ReviewQueueRow, subject: Subject, reviewable: Reviewable,
                       reason: str, key: ApiKey) -> ReviewAppealRow:
    """The subject as an APPEALED first item of the appeals queue, and its appeal."""
    position = await items.first_stage_count(queue.id)
    root = await items.add_item(
        id=uuid.uuid4(), queue_id=queue.id, position=position, stage="FIRST",
        kind=reviewable.candidate.kind, target=subject.target, run_id=subject.run_id,
        eval_id=subject.eval_id, reasons=["appeal"], rubric=reviewable.rubric,
        status="APPEALED")
    human = await human_verdict(root)
    source, verdict, giver = (("HUMAN", *human) if human is not None else
                              ("AUTOMATIC", machine_answer(root.kind, root.rubric), None))
    return await open_appeal(root, source=source, verdict=verdict, giver=giver, excluded=[],
                             reason=reason, key=key, entry_key=subject.entry_key)
