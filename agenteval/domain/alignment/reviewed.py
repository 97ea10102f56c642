"""A reviewed judgement: one JUDGE rule's verdict on one item and what a reviewer decided.

The same fields as the review queues' `ReviewedJudgement`
(agenteval/domain/review_queues/corrections.py, built on another branch): the align
engine takes a source returning these records, so either the per-item reviews or the
case-level reviews of cases with a single JUDGE rule can feed it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class ReviewedJudgement:
    item_id: str
    rule_type: str
    language: str
    judge_model: str | None
    rule_params: dict[str, Any]
    transcript: list[dict[str, Any]]  # {"role": "user"|"assistant", "content"} up to the judged turn
    judged_turn: int | None
    machine_passed: bool
    human_passed: bool
    reviewed_at: datetime
    note: str | None = None
    # The judge revision the judged result recorded (detail.judge.revision; None: the
    # rule's own examples, or not known), and where the review came from: "item" (a review
    # queue's per-item verdict) or "case" (a case-level review of an attempt decided by its
    # one JUDGE rule). Both for the judge-agreement history.
    revision: str | None = None
    basis: str = "case"
    # The scorecard item an LLM dimension was judged as (engine/alignment/scorecard_items.py):
    # its examples record where they came from; None for a rule of the case.
    scorecard_item: str | None = None

    @property
    def corrected(self) -> bool:
        """The reviewer disagreed with the judge: a candidate judging example."""
        return self.machine_passed != self.human_passed
