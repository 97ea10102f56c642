"""The numbers of a static run (the contract's `RunSummary`), from its case outcomes.

Every rate's denominator counts errored attempts too: an attempt whose rule or
turn failed is a FAILURE, and it is never left out to flatter the run.
Pure functions: no I/O.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.judging.cases import RuleResult, SuccessLevel
from agenteval.domain.judging.judgement import INTENT_RULE
from agenteval.domain.static.pass_hat import pass_hat_curve
from agenteval.domain.static.simulator_figures import (
    SimulatorRate,
    pass_hat_curve_excluding,
    pass_rate_excluding,
    simulator_rates,
)
from agenteval.domain.statistics import flip_rate


@dataclass(frozen=True)
class OutcomeRecord:
    """What the summary needs of one case attempt (built by the engine from a CaseOutcome)."""

    case_key: str
    attempt: int
    success_level: SuccessLevel
    passed: bool
    error: str | None = None
    intent_passed: bool | None = None
    completion_rate: float | None = None
    latencies_ms: list[int] = field(default_factory=list)
    intent_expected: str | None = None
    intent_predicted: str | None = None
    # Simulated cases played by a SIMULATOR model (domain/static/simulator_figures.py):
    # its name, whether the attempt is a simulator error, and how often it was replayed.
    simulator_model: str | None = None
    simulator_error: bool = False
    simulator_reruns: int = 0


@dataclass(frozen=True)
class IntentConfusionCell:
    """How many attempts expected `expected` and were classified as `predicted`."""

    expected: str
    predicted: str
    count: int


@dataclass(frozen=True)
class RunSummaryData:
    """The contract's RunSummary in snake_case."""

    total_cases: int
    passed_cases: int
    pass_rate: float  # (success + partial) / total
    success_rate: float  # (success + 0.5 * partial) / total
    success_count: int
    partial_count: int
    failure_count: int
    error_count: int
    intent_accuracy: float | None
    avg_completion: float | None
    pass_hat_k: float | None
    intent_confusion: list[IntentConfusionCell] | None
    latency_p50_ms: int | None
    latency_p95_ms: int | None
    # Share of repeated cases whose attempts disagree on pass/fail; None when repeat is 1
    # (and in summaries stored before it existed).
    flip_rate: float | None = None
    # [pass^1, …, pass^repeat] (τ-bench's unbiased estimator, see pass_hat.py); None when
    # repeat is 1 (and in summaries stored before it existed). Its last value is pass_hat_k.
    pass_hat_curve: list[float] | None = None
    # Beside the contract's figures (issue 40; None in summaries stored before): attempts
    # whose simulated user still deviated after its reruns (also in error_count), the pass
    # rate and pass^k with them left out, and per SIMULATOR model its users' deviations.
    simulator_error_count: int | None = None
    pass_rate_excluding_simulator_errors: float | None = None
    pass_hat_k_excluding_simulator_errors: float | None = None
    pass_hat_curve_excluding_simulator_errors: list[float] | None = None
    simulators: list[SimulatorRate] | None = None


def summarise(outcomes: Sequence[OutcomeRecord], repeat: int,
              expected_total: int | None = None) -> RunSummaryData:
    """Summarise a run's attempts.

    `expected_total` is cases × repeat; attempts that never produced an
    outcome (a cancelled run) still count in the rate denominators.
    """
    total = max(expected_total if expected_total is not None else 0, len(outcomes))
    levels = Counter(o.success_level for o in outcomes)
    success, partial = levels["SUCCESS"], levels["PARTIAL"]
    latencies = [ms for o in outcomes for ms in o.latencies_ms]
    return RunSummaryData(
        total_cases=total,
        passed_cases=success + partial,
        pass_rate=ratio(success + partial, total),
        success_rate=ratio(success + 0.5 * partial, total),
        success_count=success,
        partial_count=partial,
        failure_count=levels["FAILURE"],
        error_count=sum(1 for o in outcomes if o.error),
        intent_accuracy=intent_accuracy(outcomes),
        avg_completion=average_completion(outcomes),
        pass_hat_k=pass_hat_k(outcomes, repeat, total),
        intent_confusion=intent_confusion(outcomes),
        latency_p50_ms=percentile(latencies, 50),
        latency_p95_ms=percentile(latencies, 95),
        flip_rate=flip_rate(attempts_by_case(outcomes)) if repeat > 1 else None,
        pass_hat_curve=pass_hat_k_curve(outcomes, repeat, total),
        **simulator_summary(outcomes, repeat, total),
    )


def simulator_summary(outcomes: Sequence[OutcomeRecord], repeat: int,
                      total: int) -> dict[str, Any]:
    """The summary's simulator fields (see RunSummaryData)."""
    curve = pass_hat_curve_excluding(outcomes, repeat, total)
    return {"simulator_error_count": sum(1 for o in outcomes if o.simulator_error),
            "pass_rate_excluding_simulator_errors": pass_rate_excluding(outcomes, total),
            "pass_hat_k_excluding_simulator_errors": curve[-1] if curve else None,
            "pass_hat_curve_excluding_simulator_errors": curve,
            "simulators": simulator_rates(outcomes)}


def attempts_by_case(outcomes: Iterable[OutcomeRecord]) -> dict[str, list[bool]]:
    """Each case's pass/fail verdicts in attempt order."""
    attempts: dict[str, list[bool]] = {}
    for outcome in sorted(outcomes, key=lambda o: (o.case_key, o.attempt)):
        attempts.setdefault(outcome.case_key, []).append(outcome.passed)
    return attempts


def intent_accuracy(outcomes: Sequence[OutcomeRecord]) -> float | None:
    """L1-passed attempts / attempts with an intent rule; None when none had one."""
    judged = [o.intent_passed for o in outcomes if o.intent_passed is not None]
    if not judged:
        return None
    return sum(judged) / len(judged)


def average_completion(outcomes: Sequence[OutcomeRecord]) -> float | None:
    """Mean L2 over attempts with a task_completion rule; None when none had one."""
    rates = [o.completion_rate for o in outcomes if o.completion_rate is not None]
    if not rates:
        return None
    return sum(rates) / len(rates)


def pass_hat_k_curve(outcomes: Sequence[OutcomeRecord], repeat: int, total: int
                     ) -> list[float] | None:
    """pass^1..pass^repeat over the run's cases; None when repeat is 1.

    Each case's passes are its distinct passed attempts, so a duplicated record
    never counts twice; a missing attempt counts as failed.
    """
    if repeat <= 1:
        return None
    passed_attempts: dict[str, set[int]] = {}
    for outcome in outcomes:
        attempts = passed_attempts.setdefault(outcome.case_key, set())
        if outcome.passed:
            attempts.add(outcome.attempt)
    curve = pass_hat_curve({key: len(attempts) for key, attempts in passed_attempts.items()},
                           repeat, math.ceil(total / repeat))
    return [round(value, 6) for value in curve]


def pass_hat_k(outcomes: Sequence[OutcomeRecord], repeat: int, total: int) -> float | None:
    """pass^n: share of cases that passed in all `repeat` attempts; None when repeat is 1.

    A case with a missing attempt did not pass in every attempt.
    """
    if repeat <= 1:
        return None
    passed_attempts: dict[str, set[int]] = {}
    for outcome in outcomes:
        attempts = passed_attempts.setdefault(outcome.case_key, set())
        if outcome.passed:
            attempts.add(outcome.attempt)
    case_count = max(len(passed_attempts), math.ceil(total / repeat))
    always_passed = sum(1 for attempts in passed_attempts.values() if len(attempts) >= repeat)
    return ratio(always_passed, case_count)


def intent_confusion(outcomes: Sequence[OutcomeRecord]) -> list[IntentConfusionCell] | None:
    """Expected × predicted intent counts, sorted; None when no attempt had an intent rule.

    Attempts whose intent rule gave no labels (it could not run) are left out
    of the matrix but not of `intent_accuracy`.
    """
    if all(o.intent_passed is None and o.intent_expected is None for o in outcomes):
        return None
    counts = Counter(
        (o.intent_expected, o.intent_predicted)
        for o in outcomes
        if o.intent_expected is not None and o.intent_predicted is not None
    )
    return [IntentConfusionCell(expected, predicted, count)
            for (expected, predicted), count in sorted(counts.items())]


def intent_labels(results: Iterable[RuleResult]) -> tuple[str, str] | None:
    """(expected, predicted) from the first intent_classification detail that has both."""
    for result in results:
        if result.rule_type != INTENT_RULE:
            continue
        expected = result.detail.get("expected")
        predicted = result.detail.get("predicted")
        if isinstance(expected, str) and isinstance(predicted, str):
            return expected, predicted
    return None


def percentile(values: Sequence[int], percent: int) -> int | None:
    """Nearest-rank percentile: the smallest value with at least `percent`% at or below it."""
    if not values:
        return None
    ordered = sorted(values)
    # Integer ceiling division: 0.95 * 100 in floats is 95.00000000000001.
    rank = max(1, -(-percent * len(ordered) // 100))
    return ordered[rank - 1]


def ratio(part: float, whole: int) -> float:
    """part / whole, and 0.0 for an empty run rather than a ZeroDivisionError."""
    return part / whole if whole else 0.0
