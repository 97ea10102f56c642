"""Appeals (申诉): a bot's owner (OPERATOR) contests an item's verdict, automatic or human.

The appeal becomes an APPEAL item of the same queue that neither the first
reviewer, nor whoever gave the appealed verdict, nor the appellant may take; its
answer is the final verdict. The appeal row keeps the trail: who appealed, when,
why, what was appealed (the whole verdict or one rubric entry), who decided, when,
and whether the verdict was overturned. Verdicts that are in no queue yet are
appealed through engine/review_queues/verdict_appeals.py, which ends here too.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import check_text
from agenteval.domain.review_queues.rubric import machine_answer
from agenteval.engine.review_queues.work import family, now
from agenteval.errors import Conflict, InvalidTransition, NotFound, ValidationFailed
from agenteval.store.access.api_keys import key_label
from agenteval.store.review_queues import appeal_rows, claims, items
from agenteval.store.review_queues.appeal_rows import ReviewAppealRow
from agenteval.store.review_queues.items import ReviewItemRow
from agenteval.store.reviews import human_reviews
from agenteval.store.reviews.human_reviews import ApiKey


def check_reason(reason: str) -> None:
    errors = FieldErrors()
    check_text(errors, "reason", reason, required=True)
    errors.raise_if_any()


async def _verdict_giver(root: ReviewItemRow) -> uuid.UUID | None:
    """The key whose answer is the item's final verdict."""
    stage = {"REVIEW": "FIRST", "ARBITRATION": "ARBITRATION", "APPEAL": "APPEAL"}[
        root.final_source or "REVIEW"]
    done = [i.id for i in await family(root) if i.stage == stage and i.status == "DONE"]
    latest = await items.latest_answer(done)
    return latest.reviewer_key_id if latest else None


async def human_verdict(root: ReviewItemRow) -> tuple[dict[str, Any], uuid.UUID] | None:
    """The subject's latest review outside the queues (reviewCaseOutcome, reviewSession,
    reviewFinding) in an answer's terms, and who gave it; None when nobody reviewed it."""
    if root.run_id is None and root.eval_id is None:
        return None
    review = await human_reviews.latest_of(root.run_id, root.eval_id, root.target)
    if review is None:
        return None
    verdict = machine_answer(root.kind, root.rubric)
    if root.kind == "CASE" and review.success_level:
        verdict["successLevel"] = review.success_level
    elif root.kind == "SESSION" and review.goal_achieved is not None:
        verdict["goalAchieved"] = review.goal_achieved
    elif root.kind == "FINDING" and review.decision:
        verdict["findingValid"] = review.decision == "CONFIRMED"
    else:
        return None
    return verdict, review.reviewer_key_id


async def open_appeal(root: ReviewItemRow, *, source: str, verdict: dict[str, Any],
                      giver: uuid.UUID | None, excluded: Iterable[uuid.UUID | str | None],
                      reason: str, key: ApiKey, entry_key: str | None) -> ReviewAppealRow:
    """The APPEAL item (nobody in `excluded`, the giver or the appellant may take it) and
    the appeal row. Call inside a transaction."""
    barred = {str(k) for k in (*excluded, giver, key.id) if k}
    appeal_item_id = uuid.uuid4()
    await items.add_item(
        id=appeal_item_id, queue_id=root.queue_id, position=root.position, stage="APPEAL",
        parent_id=root.id, kind=root.kind, target=root.target, run_id=root.run_id,
        eval_id=root.eval_id, reasons=[*root.reasons, "appeal"], rubric=root.rubric,
        excluded_key_ids=sorted(barred))
    return await appeal_rows.add_appeal(
        id=uuid.uuid4(), item_id=root.id, appeal_item_id=appeal_item_id,
        verdict_source=source, appealed_verdict=verdict, appealed_reviewer_key_id=giver,
        reason=reason, appealed_by=key_label(key), appealed_by_key_id=key.id,
        entry_key=entry_key)


async def appeal_item(item_id: uuid.UUID, reason: str, key: ApiKey,
                      entry_key: str | None = None) -> ReviewAppealRow:
    check_reason(reason)
    root = await items.find_item(item_id)
    if root is None:
        raise NotFound(f"review item {item_id} does not exist")
    if root.parent_id is not None:
        raise ValidationFailed.one("itemId", f"review item {item_id} is a later stage: appeal "
                                             f"its first item {root.parent_id}")
    if await appeal_rows.has_open_appeal(root.id):
        raise Conflict(f"review item {item_id} already has an open appeal")
    first = await items.first_answer(root.id)
    async with items.transaction():
        if root.final is not None:
            source, verdict = "HUMAN", root.final
            giver = await _verdict_giver(root)
        elif first is None:
            human = await human_verdict(root)
            source, verdict, giver = (("HUMAN", *human) if human is not None else
                                      ("AUTOMATIC", machine_answer(root.kind, root.rubric),
                                       None))
            if not await claims.take_unreviewed(root.id, now()):
                raise Conflict(f"review item {item_id} is being reviewed: appeal its verdict "
                               "once it has one")
        else:
            raise InvalidTransition(f"review item {item_id} is under second review or "
                                    "arbitration: appeal once it has a final verdict",
                                    status="PENDING", allowed=["OPEN", "DECIDED"])
        return await open_appeal(root, source=source, verdict=verdict, giver=giver,
                                 excluded=[first.reviewer_key_id] if first else [],
                                 reason=reason,
                                 key=key, entry_key=entry_key)
