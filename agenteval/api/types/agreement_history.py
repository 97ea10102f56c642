"""judgeAgreementHistory's points: κ per rule, judge model and judge revision over time."""

from __future__ import annotations

import datetime
from enum import Enum

import strawberry

from agenteval.domain.alignment.history import HistoryPoint


@strawberry.enum(description="The time bucket of judgeAgreementHistory (UTC): a day, or an "
                             "ISO week starting on Monday.")
class AgreementBucket(Enum):
    DAY = "DAY"
    WEEK = "WEEK"


@strawberry.type(description="Reviewers against one JUDGE rule and judge model, over the "
                             "reviews of one bucket judged with one revision.")
class JudgeAgreementPoint:
    rule_type: str
    judge_model: str
    revision: str | None = strawberry.field(
        description="The judge revision's label as results record it; null: the rule's own "
                    "examples (or not known, for a monitored conversation).")
    bucket_start: datetime.date
    reviewed: int
    agreed: int
    agreement: float
    kappa: float | None = strawberry.field(
        description="Cohen's κ; null when undefined (both always gave the same label).")
    kappa_low: float | None = strawberry.field(
        description="κ's 95 % bootstrap interval (fixed seed); null when κ is never defined.")
    kappa_high: float | None
    basis: str = strawberry.field(
        description='"item": per-item reviews (review queues); "case": case-level reviews of '
                    'attempts decided by their one JUDGE rule; "item+case": both.')
    item_reviews: int
    case_reviews: int

    @classmethod
    def of(cls, point: HistoryPoint) -> JudgeAgreementPoint:
        low, high = point.kappa_interval or (None, None)
        return cls(rule_type=point.rule_type, judge_model=point.judge_model,
                   revision=point.revision, bucket_start=point.bucket_start,
                   reviewed=point.agreement.reviewed, agreed=point.agreement.agreed,
                   agreement=point.agreement.agreement, kappa=point.agreement.kappa,
                   kappa_low=low, kappa_high=high, basis=point.basis,
                   item_reviews=point.item_reviews, case_reviews=point.case_reviews)
