"""The review workbench's GraphQL types: plans, queues, items, answers, appeals, reports."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry
from strawberry.scalars import JSON

from agenteval.api.types.review import JudgeAgreement
from agenteval.domain.review_queues import figures as f
from agenteval.domain.review_queues.report_markdown import queue_markdown
from agenteval.store.models import (
    ReviewAnswerRow,
    ReviewAppealRow,
    ReviewItemRow,
    ReviewPlanRow,
    ReviewQueueRow,
)


def _id(value: Any) -> strawberry.ID | None:
    return None if value is None else strawberry.ID(str(value))


def _owner_name(row: ReviewQueueRow) -> str | None:
    name = (row.sources or {}).get("ownerName") if row.appeals_of else None
    return name if isinstance(name, str) else None


@strawberry.type(description="A sampling plan (its spec: see docs of createReviewPlan).")
class ReviewPlan:
    id: strawberry.ID
    name: str
    spec: JSON
    created_by: str
    created_at: datetime

    @classmethod
    def from_row(cls, row: ReviewPlanRow) -> ReviewPlan:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, spec=JSON(row.spec),
                   created_by=row.created_by, created_at=row.created_at)


@strawberry.type(description="Items selected by a plan from runs and evals, with reviewers.")
class ReviewQueue:
    id: strawberry.ID
    name: str
    plan_id: strawberry.ID | None
    sources: JSON
    second_review_share: float
    reviewer_key_ids: list[strawberry.ID]
    created_by: str
    created_at: datetime
    appeals_of: str | None = strawberry.field(
        default=None, description="'run:<id>' or 'eval:<id>' for the appeals queue "
                                  "appealVerdict made for that run or eval; null otherwise.")
    appeals_of_name: str | None = strawberry.field(
        default=None, description="For an appeals queue: the run's campaign name or the "
                                  "eval's name, so a client can word the queue's name in "
                                  "its own language; null otherwise (and for appeals "
                                  "queues made before this field).")

    @classmethod
    def from_row(cls, row: ReviewQueueRow) -> ReviewQueue:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, plan_id=_id(row.plan_id),
                   sources=JSON(row.sources), second_review_share=row.second_review_share,
                   reviewer_key_ids=[strawberry.ID(k) for k in row.reviewer_key_ids or []],
                   created_by=row.created_by, created_at=row.created_at,
                   appeals_of=row.appeals_of, appeals_of_name=_owner_name(row))


@strawberry.type(description="One reviewer's answer (shown only where the caller may see it).")
class ReviewAnswer:
    reviewer: str
    stage: str
    answer: JSON
    note: str | None
    seconds: float | None
    reviewed_at: datetime

    @classmethod
    def from_row(cls, row: ReviewAnswerRow, stage: str) -> ReviewAnswer:
        return cls(reviewer=row.reviewer, stage=stage, answer=JSON(row.answer), note=row.note,
                   seconds=row.seconds, reviewed_at=row.created_at)


@strawberry.type(description="An appeal of an item's verdict and, once decided, its outcome.")
class ReviewAppeal:
    id: strawberry.ID
    item_id: strawberry.ID
    appeal_item_id: strawberry.ID
    verdict_source: str = strawberry.field(description="AUTOMATIC or HUMAN.")
    appealed_verdict: JSON
    reason: str
    appealed_by: str
    appealed_at: datetime
    status: str = strawberry.field(description="OPEN or DECIDED.")
    overturned: bool | None
    decided_by: str | None
    decided_at: datetime | None
    entry_key: str | None = strawberry.field(
        default=None, description="The one rubric entry contested ('rule:<position>'), or "
                                  "null when the whole verdict is.")
    target: str | None = strawberry.field(
        default=None, description="What was appealed: 'case:KEY#ATTEMPT', 'session:ID', "
                                  "'finding:N' (null where the item was not read).")
    queue_id: strawberry.ID | None = None
    run_id: strawberry.ID | None = None
    eval_id: strawberry.ID | None = None
    final: JSON | None = strawberry.field(default=None,
                                          description="The subject's final verdict, once "
                                                      "decided (null where not read).")

    @classmethod
    def from_row(cls, row: ReviewAppealRow, root: ReviewItemRow | None = None) -> ReviewAppeal:
        appeal = cls(id=strawberry.ID(str(row.id)), item_id=strawberry.ID(str(row.item_id)),
                   appeal_item_id=strawberry.ID(str(row.appeal_item_id)),
                   verdict_source=row.verdict_source, appealed_verdict=JSON(row.appealed_verdict),
                   reason=row.reason, appealed_by=row.appealed_by, appealed_at=row.created_at,
                   status=row.status, overturned=row.overturned, decided_by=row.decided_by,
                   decided_at=row.decided_at, entry_key=row.entry_key)
        if root is not None:  # the subject, where the caller read its item
            appeal.target, appeal.queue_id = root.target, _id(root.queue_id)
            appeal.run_id, appeal.eval_id = _id(root.run_id), _id(root.eval_id)
            appeal.final = None if root.final is None else JSON(root.final)
        return appeal


@strawberry.type(description="A key that may review (REVIEWER, OPERATOR or ADMIN), by name.")
class ReviewerKey:
    id: strawberry.ID
    name: str
    role: str


@strawberry.type(description="A piece of review work. stage: FIRST, SECOND (blind), "
                             "ARBITRATION or APPEAL; rubric: the automatic verdicts to check.")
class ReviewItem:
    id: strawberry.ID
    queue_id: strawberry.ID
    position: int
    stage: str
    parent_id: strawberry.ID | None
    kind: str = strawberry.field(description="CASE, SESSION, FINDING or CONVERSATION "
                                             "(a monitored production conversation).")
    target: str
    run_id: strawberry.ID | None
    eval_id: strawberry.ID | None
    reasons: list[str]
    rubric: JSON
    status: str = strawberry.field(description="OPEN, DONE or APPEALED.")
    claimed_by_me: bool
    claimed_until: datetime | None
    transcript: JSON | None = strawberry.field(description="[{role, content, turn}].")
    final: JSON | None
    final_source: str | None = strawberry.field(description="REVIEW, ARBITRATION or APPEAL.")
    answers: list[ReviewAnswer] = strawberry.field(
        description="The answers the caller may see: its own; on ARBITRATION and APPEAL "
                    "items the earlier ones; everything for OPERATOR and ADMIN keys that "
                    "hold no claim on this subject.")
    appeal: ReviewAppeal | None

    @classmethod
    def from_row(cls, row: ReviewItemRow, *, mine: bool, transcript: Any = None,
                 answers: list[ReviewAnswer] | None = None,
                 appeal: ReviewAppeal | None = None) -> ReviewItem:
        return cls(id=strawberry.ID(str(row.id)), queue_id=strawberry.ID(str(row.queue_id)),
                   position=row.position, stage=row.stage, parent_id=_id(row.parent_id),
                   kind=row.kind, target=row.target, run_id=_id(row.run_id),
                   eval_id=_id(row.eval_id), reasons=list(row.reasons or []),
                   rubric=JSON(row.rubric), status=row.status, claimed_by_me=mine,
                   claimed_until=row.claimed_until if mine else None,
                   transcript=None if transcript is None else JSON(transcript),
                   final=None if row.final is None else JSON(row.final),
                   final_source=row.final_source, answers=answers or [], appeal=appeal)


@strawberry.type
class ReviewFigures:
    agreement: JudgeAgreement | None
    kappa_low: float | None = strawberry.field(description="κ's 95% bootstrap interval.")
    kappa_high: float | None

    @classmethod
    def from_data(cls, data: f.Figures) -> ReviewFigures:
        return cls(agreement=JudgeAgreement.from_data(data.agreement),
                   kappa_low=data.kappa_low, kappa_high=data.kappa_high)


@strawberry.type
class ReviewerReport:
    reviewer_key_id: strawberry.ID
    reviewer: str
    answered: int
    holding: int
    seconds_median: float | None
    with_machine: ReviewFigures
    overturned_by_appeal: int


@strawberry.type
class RuleReviewReport:
    rule_type: str
    judge_model: str | None
    reviewed: int
    with_machine: ReviewFigures
    appealed: int
    overturned_by_appeal: int


@strawberry.type(description="First against blind second review, for one item type "
                             "(CASE, SESSION, FINDING, or RULE for rubric entries).")
class InterReviewerAgreement:
    kind: str
    between_reviewers: ReviewFigures


@strawberry.type
class ReviewQueueReport:
    items: int
    decided: int
    open_by_stage: JSON
    appealed: int
    overturned_by_appeal: int
    reviewers: list[ReviewerReport]
    rules: list[RuleReviewReport]
    inter_reviewer: list[InterReviewerAgreement]
    markdown: str | None = strawberry.field(default=None,
                                            description="The same figures as Markdown.")

    @classmethod
    def from_data(cls, data: f.QueueFigures, name: str) -> ReviewQueueReport:
        reviewers = [ReviewerReport(
            reviewer_key_id=strawberry.ID(r.reviewer_key_id), reviewer=r.reviewer,
            answered=r.answered, holding=r.holding, seconds_median=r.seconds_median,
            with_machine=ReviewFigures.from_data(r.with_machine),
            overturned_by_appeal=r.overturned_by_appeal) for r in data.reviewers]
        rules = [RuleReviewReport(rule_type=r.rule_type, judge_model=r.judge_model,
                                  reviewed=r.reviewed,
                                  with_machine=ReviewFigures.from_data(r.with_machine),
                                  appealed=r.appealed, overturned_by_appeal=r.overturned_by_appeal)
                 for r in data.rules]
        kinds = [InterReviewerAgreement(kind=k.kind,
                                        between_reviewers=ReviewFigures.from_data(
                                            k.between_reviewers)) for k in data.kinds]
        return cls(items=data.items, decided=data.decided, open_by_stage=JSON(data.open_by_stage),
                   appealed=data.appealed, overturned_by_appeal=data.overturned_by_appeal,
                   reviewers=reviewers, rules=rules, inter_reviewer=kinds,
                   markdown=queue_markdown(name, data))
