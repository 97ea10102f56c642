"""The judge's agreement with reviewers over time: per rule, judge model, revision, bucket.

Reviewed judgements are grouped by (rule type, judge model, judge revision, bucket): the
UTC day of the review, or its ISO week (starting Monday). Each group gives the share agreed
and Cohen's κ with its 95 % bootstrap interval (domain/agreement.py, the fixed seed of
domain/statistics.py), and its basis: "item" when every review in it is a per-item verdict,
"case" when every one is a case-level review, "item+case" when both (each counted).
A revision is the label results record (`llm_score/en/r2:1a2b3c4d`); None is the rule's
own examples.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from agenteval.domain.agreement import Agreement, judge_agreement, kappa_interval
from agenteval.domain.alignment.reviewed import ReviewedJudgement

BUCKETS = ("DAY", "WEEK")
UNKNOWN_MODEL = "unknown"


@dataclass(frozen=True)
class HistoryPoint:
    rule_type: str
    judge_model: str
    revision: str | None
    bucket_start: date
    agreement: Agreement
    kappa_interval: tuple[float, float] | None
    item_reviews: int
    case_reviews: int

    @property
    def basis(self) -> str:
        return "+".join(b for b, n in (("item", self.item_reviews),
                                       ("case", self.case_reviews)) if n)


def bucket_of(moment: datetime, bucket: str) -> date:
    day = moment.astimezone(UTC).date() if moment.tzinfo else moment.date()
    return day - timedelta(days=day.weekday()) if bucket == "WEEK" else day


def history(items: Sequence[ReviewedJudgement], bucket: str) -> list[HistoryPoint]:
    """One point per (rule type, judge model, revision, bucket), oldest bucket first."""
    groups: dict[tuple[str, str, str | None, date], list[ReviewedJudgement]] = defaultdict(list)
    for item in items:
        key = (item.rule_type, item.judge_model or UNKNOWN_MODEL, item.revision,
               bucket_of(item.reviewed_at, bucket))
        groups[key].append(item)
    points = []
    for (rule_type, model, revision, start), group in groups.items():
        pairs = [(i.machine_passed, i.human_passed) for i in group]
        agreement = judge_agreement(pairs)
        assert agreement is not None  # a group has at least one review
        points.append(HistoryPoint(rule_type, model, revision, start, agreement,
                                   kappa_interval(pairs),
                                   sum(i.basis == "item" for i in group),
                                   sum(i.basis != "item" for i in group)))
    return sorted(points, key=lambda p: (p.rule_type, p.judge_model, p.bucket_start,
                                         p.revision or ""))
