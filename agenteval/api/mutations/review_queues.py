"""Review workbench writes: OPERATOR plans, fills and assigns queues and appeals verdicts;
reviewers (REVIEWER, OPERATOR, ADMIN) claim batches and answer items."""

from __future__ import annotations

import strawberry
from strawberry import UNSET
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.inputs.appeals import AppealSubjectInput, parse_subject
from agenteval.api.permissions import CanReview, IsOperator
from agenteval.api.queries.review_queues import item_type
from agenteval.api.types.review_queues import ReviewAppeal, ReviewItem, ReviewPlan, ReviewQueue
from agenteval.api.unset import value
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.engine.alignment import drift
from agenteval.engine.alignment.sources import all_reviewed
from agenteval.engine.review_queues import appeals, queues, verdict_appeals, work
from agenteval.errors import NotFound
from agenteval.store.access import api_keys
from agenteval.store.review_queues import items


def _settings_lease(info: ResolverInfo) -> float:
    return info.context.services.settings.review_claim_timeout_s


def _ids(ids: list[strawberry.ID] | None) -> list[strawberry.ID]:
    return list(value(ids) or [])


def _name(name: str) -> str:
    errors = FieldErrors()
    check_text(errors, "name", name, max_length=MAX_NAME, required=True)
    errors.raise_if_any()
    return name


@strawberry.type
class ReviewQueueMutations:
    @strawberry.mutation(permission_classes=[IsOperator],
                         description="A sampling plan. spec: {share, seed, stratifyBy ('tag' or "
                                     "'metadata.<field>'), perDay, vetoed, judgeSplit, "
                                     "lowConfidenceBelow, rulesDisagree, kinds, "
                                     "secondReviewShare}.")
    async def create_review_plan(self, info: ResolverInfo, name: str,
                                 spec: JSON) -> ReviewPlan | None:
        row = await queues.create_plan(_name(name), spec, await info.context.require_key())
        return ReviewPlan.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Fill a new queue from a plan over finished runs (live or "
                                     "offline), finished evals and monitors' judged "
                                     "conversations.")
    async def create_review_queue(self, info: ResolverInfo, name: str, plan_id: strawberry.ID,
                                  run_ids: list[strawberry.ID] | None = UNSET,
                                  eval_ids: list[strawberry.ID] | None = UNSET,
                                  reviewer_key_ids: list[strawberry.ID] | None = UNSET,
                                  monitor_ids: list[strawberry.ID] | None = UNSET
                                  ) -> ReviewQueue | None:
        sources = queues.Sources(
            [parse_id(r, f"runIds[{i}]") for i, r in enumerate(_ids(run_ids))],
            [parse_id(e, f"evalIds[{i}]") for i, e in enumerate(_ids(eval_ids))],
            [parse_id(m, f"monitorIds[{i}]") for i, m in enumerate(_ids(monitor_ids))])
        row = await queues.create_queue(
            _name(name), parse_id(plan_id, "planId"), sources,
            [parse_id(k, f"reviewerKeyIds[{i}]")
             for i, k in enumerate(_ids(reviewer_key_ids))],
            await info.context.require_key())
        return ReviewQueue.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Set the keys a queue is given (replaces the list).")
    async def assign_review_queue(self, queue_id: strawberry.ID,
                                  reviewer_key_ids: list[strawberry.ID]) -> ReviewQueue | None:
        row = await queues.assign_reviewers(
            parse_id(queue_id, "queueId"),
            [parse_id(k, f"reviewerKeyIds[{i}]") for i, k in enumerate(reviewer_key_ids)])
        return ReviewQueue.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Lock a batch of a queue's items for one reviewer.")
    async def assign_review_batch(self, info: ResolverInfo, queue_id: strawberry.ID,
                                  reviewer_key_id: strawberry.ID,
                                  size: int = 10) -> list[ReviewItem] | None:
        reviewer = await api_keys.find_live_key(parse_id(reviewer_key_id, "reviewerKeyId"))
        if reviewer is None:
            raise NotFound(f"API key {reviewer_key_id} does not exist")
        rows = await work.assign_batch(parse_id(queue_id, "queueId"), size, reviewer,
                                       _settings_lease(info))
        caller = await info.context.require_key()
        return [await item_type(row, caller) for row in rows]

    @strawberry.mutation(permission_classes=[CanReview],
                         description="Lock up to `size` items for the caller (its live claims "
                                     "first, renewed); a claim lapses after "
                                     "AGENTEVAL_REVIEW_CLAIM_TIMEOUT_S.")
    async def claim_review_batch(self, info: ResolverInfo, queue_id: strawberry.ID,
                                 size: int = 10) -> list[ReviewItem] | None:
        key = await info.context.require_key()
        rows = await work.claim_batch(parse_id(queue_id, "queueId"), size, key,
                                      _settings_lease(info))
        return [await item_type(row, key) for row in rows]

    @strawberry.mutation(permission_classes=[CanReview],
                         description="Give a claimed item back to the queue.")
    async def release_review_item(self, info: ResolverInfo,
                                  item_id: strawberry.ID) -> ReviewItem | None:
        key = await info.context.require_key()
        row = await work.release_item(parse_id(item_id, "itemId"), key)
        return await item_type(row, key)

    @strawberry.mutation(permission_classes=[CanReview],
                         description="Answer an item the caller holds: {successLevel | "
                                     "goalAchieved | findingValid, entries: {KEY: {verdict, "
                                     "quoteRight}}}; seconds: time spent.")
    async def submit_review_answer(self, info: ResolverInfo, item_id: strawberry.ID,
                                   answer: JSON, note: str | None = UNSET,
                                   seconds: float | None = UNSET) -> ReviewItem | None:
        key = await info.context.require_key()
        errors = FieldErrors()
        check_text(errors, "note", value(note))
        errors.raise_if_any()
        row = await work.record_answer(parse_id(item_id, "itemId"), answer, value(note),
                                       value(seconds), key)
        # Agreement on the latest reviews of the item's JUDGE rules may have fallen.
        await drift.check_all(all_reviewed, info.context.services.settings)
        return await item_type(row, key)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Appeal an item's verdict (automatic or human) with a "
                                     "reason; a reviewer other than the first decides it.")
    async def appeal_review_verdict(self, info: ResolverInfo, item_id: strawberry.ID,
                                    reason: str) -> ReviewAppeal | None:
        row = await appeals.appeal_item(parse_id(item_id, "itemId"), reason,
                                        await info.context.require_key())
        return ReviewAppeal.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Appeal any verdict (automatic or human) with a reason: a "
                                     "run's attempt or one judged rule result of it, an eval's "
                                     "session goal or finding. The subject's queue item is "
                                     "appealed when it has one; otherwise it goes to the run's "
                                     "or eval's appeals queue (made on demand). A reviewer "
                                     "other than the appellant and whoever gave the verdict "
                                     "decides.")
    async def appeal_verdict(self, info: ResolverInfo, subject: AppealSubjectInput,
                             reason: str) -> ReviewAppeal | None:
        row = await verdict_appeals.appeal_verdict(parse_subject(subject), reason,
                                                   await info.context.require_key())
        return ReviewAppeal.from_row(row, await items.get_item(row.item_id))
