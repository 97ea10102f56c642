"""RunComparison and CaseDiff (compareRuns)."""

from __future__ import annotations

import strawberry

from agenteval.api.types.static_outcome import CaseOutcome
from agenteval.api.types.static_run import Run


@strawberry.type
class CaseDiff:
    case_key: str
    base: CaseOutcome
    head: CaseOutcome


@strawberry.type
class RunComparison:
    base: Run
    head: Run
    pass_rate_delta: float
    success_rate_delta: float
    regressions: list[CaseDiff]
    improvements: list[CaseDiff]
    unchanged_count: int
    markdown: str
    # What makes the comparison less meaningful than it looks, e.g. runs of different
    # scenarios (nullable addition to the contract; empty when nothing does).
    warnings: list[str] | None = None
