"""Human review (人工复核): HumanReview, ReviewRecord and JudgeAgreement."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from enum import Enum

import strawberry

from agenteval.api.types.enums import SuccessLevel
from agenteval.domain.agreement import Agreement
from agenteval.engine.review.reads import RuleAgreement
from agenteval.store.models import HumanReviewRow


@strawberry.enum
class ReviewDecision(Enum):
    CONFIRMED = "CONFIRMED"
    REJECTED = "REJECTED"


@strawberry.type(description="A reviewer's judgement; the latest review of an item counts.")
class HumanReview:
    reviewer: str = strawberry.field(description="The reviewing key's name and id.")
    reviewed_at: datetime
    note: str | None
    decision: ReviewDecision | None = strawberry.field(description="On findings.")
    success_level: SuccessLevel | None = strawberry.field(
        description="On case outcomes: the level the reviewer says is right.")
    goal_achieved: bool | None = strawberry.field(
        description="On sessions: the reviewer's answer.")

    @classmethod
    def from_row(cls, row: HumanReviewRow) -> HumanReview:
        return cls(reviewer=row.reviewer, reviewed_at=row.created_at, note=row.note,
                   decision=None if row.decision is None else ReviewDecision(row.decision),
                   success_level=None if row.success_level is None
                   else SuccessLevel(row.success_level),
                   goal_achieved=row.goal_achieved)


@strawberry.type
class ReviewRecord:
    review: HumanReview
    target: str = strawberry.field(
        description='"case:KEY#ATTEMPT", "finding:N" or "session:ID".')

    @classmethod
    def history(cls, rows: Sequence[HumanReviewRow]) -> list[ReviewRecord]:
        return [cls(review=HumanReview.from_row(row), target=row.target) for row in rows]


@strawberry.type(description="How often reviewers agreed with the automatic judgement.")
class JudgeAgreement:
    reviewed: int
    agreed: int
    agreement: float
    kappa: float | None = strawberry.field(
        description="Cohen's kappa; null when undefined (both always gave the same label).")

    @classmethod
    def from_data(cls, data: Agreement | None) -> JudgeAgreement | None:
        if data is None:
            return None
        return cls(reviewed=data.reviewed, agreed=data.agreed, agreement=data.agreement,
                   kappa=data.kappa)


@strawberry.type(description="Agreement over reviewed attempts carrying one JUDGE rule type "
                             "judged by one model: the automatic level against the human one.")
class RuleJudgeAgreement:
    rule_type: str
    judge_model: str
    agreement: JudgeAgreement
    basis: str | None = strawberry.field(
        default=None, description='"item": per-item reviews of the rule (review queues); '
                                  '"case": the levels of reviewed cases that carry it.')
    kappa_low: float | None = strawberry.field(
        default=None, description="κ's 95% bootstrap interval (fixed seed).")
    kappa_high: float | None = None

    @classmethod
    def from_data(cls, data: RuleAgreement) -> RuleJudgeAgreement:
        agreement = JudgeAgreement.from_data(data.agreement)
        assert agreement is not None
        interval = data.kappa_interval
        return cls(rule_type=data.rule_type, judge_model=data.judge_model, agreement=agreement,
                   basis=data.basis, kappa_low=None if interval is None else interval[0],
                   kappa_high=None if interval is None else interval[1])
