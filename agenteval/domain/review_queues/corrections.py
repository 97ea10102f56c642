"""A reviewer's per-item decision on a JUDGE rule, as the judge-alignment work reads it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class ReviewedJudgement:
    """One reviewed verdict of a JUDGE-model rule: the machine's and the human's."""

    item_id: str
    rule_type: str
    language: str
    judge_model: str | None
    rule_params: dict[str, Any]
    transcript: list[dict[str, Any]]  # {"role", "content"} turns up to the judged turn
    judged_turn: int | None
    machine_passed: bool
    human_passed: bool
    reviewed_at: datetime
    note: str | None
