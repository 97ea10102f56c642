"""Pure records of a static run's work: finished attempts, progress counters, summary rows.

`FinishedAttempt` is what a case attempt produces and the store saves;
`Counters` are the run's progress counts; `outcome_record` is what the
summary needs of one attempt (the store reads the same record back from the
rows, `store.runs.outcome_records`; a test keeps the two equal).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Protocol

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.domain.judging.judgement import CaseVerdict
from agenteval.domain.static.run_summary import (
    IntentConfusionCell,
    OutcomeRecord,
    RunSummaryData,
    intent_labels,
)
from agenteval.domain.static.simulator_figures import SimulatorRate, simulator_fields


@dataclass(frozen=True)
class FinishedAttempt:
    """One judged case attempt, ready to store."""

    position: int  # the case's index in the run's snapshot
    case: CaseSpec
    attempt: int
    turns: list[Turn]
    results: list[RuleResult]
    verdict: CaseVerdict
    # A simulated case: who played the user and why the dialog ended (see
    # engine/static/simulated_talk.py); None for other cases.
    simulation: dict[str, Any] | None = None


class HasCounts(Protocol):
    """Anything carrying a run's progress counts (a run's record or row, a progress dict's view)."""

    @property
    def done(self) -> int: ...
    @property
    def passed(self) -> int: ...
    @property
    def failed(self) -> int: ...
    @property
    def errored(self) -> int: ...


@dataclass
class Counters:
    """RunProgress's counts: done = passed + failed + errored (errored are not in failed)."""

    done: int = 0
    passed: int = 0
    failed: int = 0
    errored: int = 0

    @classmethod
    def of(cls, run: HasCounts) -> Counters:
        return cls(run.done, run.passed, run.failed, run.errored)

    def add(self, verdict: CaseVerdict) -> None:
        self.done += 1
        if verdict.error:
            self.errored += 1
        elif verdict.passed:
            self.passed += 1
        else:
            self.failed += 1


def outcome_record(finished: FinishedAttempt) -> OutcomeRecord:
    """What `summarise` needs of this attempt (what the store reads back once it is saved)."""
    verdict = finished.verdict
    expected, predicted = intent_labels(finished.results) or (None, None)
    return OutcomeRecord(
        case_key=finished.case.key, attempt=finished.attempt,
        success_level=verdict.success_level, passed=verdict.passed, error=verdict.error,
        intent_passed=verdict.intent_passed, completion_rate=verdict.completion_rate,
        latencies_ms=[t.latency_ms for t in finished.turns if t.latency_ms is not None],
        intent_expected=expected, intent_predicted=predicted,
        **simulator_fields(finished.simulation))


def summary_to_json(summary: RunSummaryData) -> dict[str, Any]:
    """The summary as stored in `Run.summary` (the confusion cells become dicts too)."""
    return asdict(summary)


def summary_from_json(data: dict[str, Any]) -> RunSummaryData:
    confusion = data.get("intent_confusion")
    cells = None if confusion is None else [IntentConfusionCell(**cell) for cell in confusion]
    simulators = data.get("simulators")
    rates = None if simulators is None else [SimulatorRate(**rate) for rate in simulators]
    return RunSummaryData(**{**data, "intent_confusion": cells, "simulators": rates})
