"""What one scenario's gate run produced, in the shape every output of the gate reads.

The engine's rows are turned into these records once (`gate.stored`), so the
terminal, JUnit, JSON and baseline writers are pure functions of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from agenteval.domain.run_summary import RunSummaryData
from agenteval.domain.run_views import OutcomeView


@dataclass(frozen=True)
class AttemptResult:
    """One case attempt as stored: the report view plus the tiers it does not carry."""

    view: OutcomeView
    intent_passed: bool | None = None  # L1, when an intent rule ran
    completion_rate: float | None = None  # L2, when a task_completion rule ran

    @property
    def case_key(self) -> str:
        return self.view["case_key"]

    @property
    def attempt(self) -> int:
        return self.view["attempt"]


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario run against one target by the gate."""

    scenario_name: str
    source: str  # the scenario file the gate read
    target_name: str
    run_id: str
    status: str  # the run's RunStatus
    summary: RunSummaryData
    attempts: Sequence[AttemptResult]
    repeat: int = 1
    concurrency: int = 8
    error: str | None = None  # the run's own error (engine failure, target deleted)
    duration_s: float | None = None
    report_markdown: str | None = field(default=None, repr=False)
    model_usage: str | None = None  # one line: calls, tokens, cost (domain.usage_report)

    @property
    def case_count(self) -> int:
        return len({attempt.case_key for attempt in self.attempts}) or (
            self.summary.total_cases // max(1, self.repeat))
