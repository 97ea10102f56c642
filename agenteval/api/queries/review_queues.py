"""Review workbench reads: plans, queues, items (blind while undecided), appeals, reports.

A REVIEWER key reads only the queues it is given and their items; plans, appeals
and reports are for OPERATOR and ADMIN keys.
"""

from __future__ import annotations

import strawberry

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.permissions import CanReview, IsOperator
from agenteval.api.types.review_queues import (
    ReviewAnswer,
    ReviewAppeal,
    ReviewerKey,
    ReviewItem,
    ReviewPlan,
    ReviewQueue,
    ReviewQueueReport,
)
from agenteval.domain.field_errors import FieldErrors
from agenteval.engine.review_queues import work
from agenteval.engine.review_queues.queues import REVIEWING_ROLES
from agenteval.engine.review_queues.reports import queue_report
from agenteval.engine.review_queues.views import item_view
from agenteval.errors import ValidationFailed
from agenteval.store.access import api_keys
from agenteval.store.review_queues import appeal_rows, items, queue_rows
from agenteval.store.review_queues.items import ReviewItemRow
from agenteval.store.review_queues.queue_rows import ApiKey

MAX_ITEMS = 500
STAGES = ("FIRST", "SECOND", "ARBITRATION", "APPEAL")
STATUSES = ("OPEN", "DONE", "APPEALED")


async def item_type(row: ReviewItemRow, key: ApiKey, *, transcript: bool = False) -> ReviewItem:
    view = await item_view(row, key, transcript=transcript)
    return ReviewItem.from_row(
        row, mine=view.mine, transcript=view.transcript,
        answers=[ReviewAnswer.from_row(answer, stage) for answer, stage in view.answers],
        appeal=None if view.appeal is None else ReviewAppeal.from_row(view.appeal))


@strawberry.type
class ReviewQueueQueries:
    @strawberry.field(permission_classes=[IsOperator], description="Every sampling plan.")
    async def review_plans(self) -> list[ReviewPlan] | None:
        return [ReviewPlan.from_row(r) for r in await queue_rows.plans_oldest_first()]

    @strawberry.field(permission_classes=[CanReview],
                      description="Review queues; a REVIEWER key sees those it is given.")
    async def review_queues(self, info: ResolverInfo) -> list[ReviewQueue] | None:
        key = await info.context.require_key()
        rows = await queue_rows.queues_oldest_first()
        return [ReviewQueue.from_row(r) for r in rows
                if key.role != "REVIEWER" or str(key.id) in (r.reviewer_key_ids or [])]

    @strawberry.field(permission_classes=[CanReview])
    async def review_queue(self, info: ResolverInfo, id: strawberry.ID) -> ReviewQueue | None:
        key = await info.context.require_key()
        return ReviewQueue.from_row(await work.queue_for(parse_id(id), key))

    @strawberry.field(permission_classes=[CanReview],
                      description="A queue's items in order (no transcripts: read one item).")
    async def review_items(self, info: ResolverInfo, queue_id: strawberry.ID,
                           stage: str | None = None, status: str | None = None,
                           mine: bool = False, offset: int = 0,
                           limit: int = 100) -> list[ReviewItem] | None:
        key = await info.context.require_key()
        errors = FieldErrors()
        if offset < 0:
            errors.add("offset", "must not be negative")
        if not 1 <= limit <= MAX_ITEMS:
            errors.add("limit", f"must be from 1 to {MAX_ITEMS}")
        if stage is not None and stage not in STAGES:
            errors.add("stage", f"must be one of {', '.join(STAGES)}")
        if status is not None and status not in STATUSES:
            errors.add("status", f"must be one of {', '.join(STATUSES)}")
        errors.raise_if_any()
        queue = await work.queue_for(parse_id(queue_id, "queueId"), key)
        rows = await items.queue_page(queue.id, stage, status, key.id if mine else None,
                                      work.now(), offset, limit)
        return [await item_type(row, key) for row in rows]

    @strawberry.field(permission_classes=[CanReview],
                      description="One item with its transcript and the answers the caller "
                                  "may see.")
    async def review_item(self, info: ResolverInfo, id: strawberry.ID) -> ReviewItem | None:
        key = await info.context.require_key()
        row = await work.item_for(parse_id(id), key)
        return await item_type(row, key, transcript=True)

    @strawberry.field(permission_classes=[IsOperator],
                      description="Appeals of a queue's items, newest first.")
    async def review_appeals(self, queue_id: strawberry.ID) -> list[ReviewAppeal] | None:
        rows = await appeal_rows.appeals_of_queue(parse_id(queue_id, "queueId"))
        return [ReviewAppeal.from_row(row) for row in rows]

    @strawberry.field(permission_classes=[IsOperator],
                      description="Appeals of a run's or an eval's verdicts (from any queue), "
                                  "newest first: what the run and eval pages show.")
    async def verdict_appeals(self, run_id: strawberry.ID | None = None,
                              eval_id: strawberry.ID | None = None) -> list[ReviewAppeal] | None:
        if (run_id is None) == (eval_id is None):
            raise ValidationFailed.one("runId", "give exactly one of runId and evalId")
        rows = await (appeal_rows.appeals_of_owner(parse_id(run_id, "runId"), None)
                      if run_id is not None
                      else appeal_rows.appeals_of_owner(None, parse_id(eval_id or "", "evalId")))
        return [ReviewAppeal.from_row(row, root) for row, root in rows]

    @strawberry.field(permission_classes=[IsOperator],
                      description="Live keys that may review (REVIEWER, OPERATOR, ADMIN) by "
                                  "name: whom a queue can be given and a batch assigned to.")
    async def reviewer_keys(self) -> list[ReviewerKey] | None:
        rows = await api_keys.live_keys_of_roles(sorted(REVIEWING_ROLES))
        return [ReviewerKey(id=strawberry.ID(str(k.id)), name=k.name, role=k.role)
                for k in rows]

    @strawberry.field(permission_classes=[IsOperator],
                      description="Progress and agreement of a queue: per reviewer, per rule "
                                  "(κ with its 95% interval, overturned by appeal) and "
                                  "inter-reviewer κ per item type.")
    async def review_queue_report(self, info: ResolverInfo,
                                  queue_id: strawberry.ID) -> ReviewQueueReport | None:
        queue = await work.queue_for(parse_id(queue_id, "queueId"),
                                     await info.context.require_key())
        return ReviewQueueReport.from_data(await queue_report(queue.id), queue.name)
