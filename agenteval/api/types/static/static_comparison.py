"""RunComparison and CaseDiff (compareRuns)."""

from __future__ import annotations

import strawberry

from agenteval.api.types.static.static_outcome import CaseOutcome
from agenteval.api.types.static.static_run import Run
from agenteval.domain.statistics import Significance


@strawberry.type
class CaseDiff:
    case_key: str
    base: CaseOutcome
    head: CaseOutcome
    flaky: bool | None = strawberry.field(
        default=None, description="The case's attempts disagree within the base or head run.")


@strawberry.type(description="Whether the pass-rate change is more than noise.")
class ComparisonSignificance:
    method: str
    p_value: float | None = strawberry.field(
        description="Exact McNemar over cases paired by key (each case's majority verdict "
                    "over its attempts); 1.0 with no discordant pair; null with no shared case.")
    pass_rate_delta_ci95_low: float | None = strawberry.field(
        description="Paired bootstrap (2000 resamples, fixed seed) 95% interval of head − base.")
    pass_rate_delta_ci95_high: float | None

    @classmethod
    def from_data(cls, data: Significance) -> ComparisonSignificance:
        return cls(method=data.method, p_value=data.p_value,
                   pass_rate_delta_ci95_low=data.ci95_low,
                   pass_rate_delta_ci95_high=data.ci95_high)


@strawberry.type(description="A case whose definition or judge differs between the two runs: "
                             "left out of regressions, improvements and the significance test.")
class ChangedCase:
    case_key: str
    definition_changed: bool
    judge_changed: bool


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
    significance: ComparisonSignificance | None = None
    # What makes the comparison less meaningful than it looks, e.g. runs of different
    # scenarios (nullable addition to the contract; empty when nothing does).
    warnings: list[str] | None = None
    changed_cases: list[ChangedCase] | None = strawberry.field(
        default=None, description="Cases whose definition (the run's snapshot) or judge (model, "
                                  "prompt version, judge revision) changed between the runs.")
