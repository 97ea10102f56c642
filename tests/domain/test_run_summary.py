"""RunSummary numbers, checked against a small run computed by hand."""

from __future__ import annotations

import pytest

from agenteval.domain.judging.cases import RuleResult, SuccessLevel
from agenteval.domain.static.run_summary import (
    IntentConfusionCell,
    OutcomeRecord,
    intent_labels,
    percentile,
    summarise,
)


def outcome(key: str, attempt: int, level: SuccessLevel, *, error: str | None = None,
            intent: tuple[str, str] | None = None, intent_passed: bool | None = None,
            completion: float | None = None, latencies: list[int] | None = None
            ) -> OutcomeRecord:
    expected, predicted = intent or (None, None)
    return OutcomeRecord(case_key=key, attempt=attempt, success_level=level,
                         passed=level != "FAILURE", error=error,
                         intent_passed=intent_passed, completion_rate=completion,
                         latencies_ms=latencies or [], intent_expected=expected,
                         intent_predicted=predicted)


APPOINTMENT = ("appointment", "appointment")

# Three cases × repeat 3.
#   book:    SUCCESS ×3, intent right ×3, completion 1.0 / 0.8 / 0.9
#   ask:     SUCCESS, PARTIAL, FAILURE with an error; intent right, wrong, errored
#   collect: PARTIAL ×3, no intent rule, completion 0.6 / 0.7 / 0.5
HAND_RUN = [
    outcome("book", 0, "SUCCESS", intent=APPOINTMENT, intent_passed=True, completion=1.0,
            latencies=[100]),
    outcome("book", 1, "SUCCESS", intent=APPOINTMENT, intent_passed=True, completion=0.8,
            latencies=[200]),
    outcome("book", 2, "SUCCESS", intent=APPOINTMENT, intent_passed=True, completion=0.9,
            latencies=[300]),
    outcome("ask", 0, "SUCCESS", intent=("inquiry", "inquiry"), intent_passed=True,
            latencies=[50, 400]),
    outcome("ask", 1, "PARTIAL", intent=("inquiry", "complaint"), intent_passed=False,
            latencies=[150, 250]),
    outcome("ask", 2, "FAILURE", error="rule intent_classification could not run: timeout",
            intent_passed=False),
    outcome("collect", 0, "PARTIAL", completion=0.6, latencies=[120]),
    outcome("collect", 1, "PARTIAL", completion=0.7, latencies=[80]),
    outcome("collect", 2, "PARTIAL", completion=0.5, latencies=[1000]),
]


def test_hand_computed_run() -> None:
    summary = summarise(HAND_RUN, repeat=3, expected_total=9)
    assert summary.total_cases == 9
    assert (summary.success_count, summary.partial_count, summary.failure_count) == (4, 4, 1)
    assert summary.passed_cases == 8
    assert summary.error_count == 1
    assert summary.pass_rate == pytest.approx(8 / 9)
    assert summary.success_rate == pytest.approx((4 + 0.5 * 4) / 9)
    # The errored attempt stays in the intent denominator: 4 right of 6.
    assert summary.intent_accuracy == pytest.approx(4 / 6)
    assert summary.avg_completion == pytest.approx((1.0 + 0.8 + 0.9 + 0.6 + 0.7 + 0.5) / 6)
    # book and collect passed all three attempts; ask did not.
    assert summary.pass_hat_k == pytest.approx(2 / 3)
    assert summary.intent_confusion == [
        IntentConfusionCell("appointment", "appointment", 3),
        IntentConfusionCell("inquiry", "complaint", 1),
        IntentConfusionCell("inquiry", "inquiry", 1),
    ]
    # 50 80 100 120 150 | 200 250 300 400 1000
    assert summary.latency_p50_ms == 150
    assert summary.latency_p95_ms == 1000


def test_seed_scene_success_rate_counts_partial_as_half() -> None:
    outcomes = [outcome("a", 0, "SUCCESS"), outcome("b", 0, "PARTIAL"),
                outcome("c", 0, "PARTIAL"), outcome("d", 0, "FAILURE")]
    summary = summarise(outcomes, repeat=1)
    assert summary.success_rate == pytest.approx((1 + 0.5 * 2) / 4)
    assert summary.pass_rate == pytest.approx(3 / 4)


def test_zero_outcomes_give_zero_rates_not_an_error() -> None:
    summary = summarise([], repeat=3)
    assert (summary.total_cases, summary.pass_rate, summary.success_rate) == (0, 0.0, 0.0)
    assert summary.pass_hat_k == 0.0
    assert summary.intent_accuracy is None
    assert summary.avg_completion is None
    assert summary.intent_confusion is None
    assert summary.latency_p50_ms is None and summary.latency_p95_ms is None


def test_without_intent_or_completion_rules_those_metrics_are_null() -> None:
    summary = summarise([outcome("a", 0, "SUCCESS", latencies=[10])], repeat=1)
    assert summary.intent_accuracy is None
    assert summary.intent_confusion is None
    assert summary.avg_completion is None
    assert summary.pass_hat_k is None  # repeat 1


def test_missing_attempts_count_in_the_denominators() -> None:
    # A cancelled run: 2 cases × repeat 2 expected, only two attempts done.
    outcomes = [outcome("a", 0, "SUCCESS"), outcome("b", 0, "SUCCESS")]
    summary = summarise(outcomes, repeat=2, expected_total=4)
    assert summary.total_cases == 4
    assert summary.pass_rate == 0.5
    assert summary.pass_hat_k == 0.0


def test_pass_hat_k_needs_every_attempt_to_pass() -> None:
    outcomes = [outcome("a", 0, "SUCCESS"), outcome("a", 1, "PARTIAL"),
                outcome("b", 0, "SUCCESS"), outcome("b", 1, "FAILURE")]
    assert summarise(outcomes, repeat=2).pass_hat_k == 0.5


def test_intent_rule_without_labels_still_gives_a_matrix() -> None:
    summary = summarise([outcome("a", 0, "FAILURE", error="x", intent_passed=False)], repeat=1)
    assert summary.intent_confusion == []
    assert summary.intent_accuracy == 0.0


@pytest.mark.parametrize(("values", "percent", "expected"), [
    ([], 50, None),
    ([7], 50, 7),
    ([7], 95, 7),
    ([3, 1, 2], 50, 2),
    (list(range(1, 101)), 50, 50),
    (list(range(1, 101)), 95, 95),
    (list(range(1, 21)), 95, 19),
    (list(range(1, 11)), 95, 10),
])
def test_nearest_rank_percentile(values: list[int], percent: int, expected: int | None) -> None:
    assert percentile(values, percent) == expected


@pytest.mark.parametrize(("results", "expected"), [
    ([], None),
    ([RuleResult("keyword_match", True, 1.0, detail={"expected": "x", "predicted": "y"})], None),
    ([RuleResult("intent_classification", False, 0.0, detail={"expected": "x"})], None),
    ([RuleResult.failed_to_run("intent_classification", "timeout"),
      RuleResult("intent_classification", True, 1.0,
                 detail={"expected": "booking", "predicted": "booking",
                         "understanding": "correct"})],
     ("booking", "booking")),
])
def test_intent_labels(results: list[RuleResult], expected: tuple[str, str] | None) -> None:
    assert intent_labels(results) == expected


def test_pass_hat_curve_is_the_unbiased_estimator_for_every_k() -> None:
    # a: 3 of 3 passed, b: 2 of 3, c: 0 of 3 (by hand: C(c,k)/C(3,k) averaged).
    outcomes = [outcome("a", i, "SUCCESS") for i in range(3)]
    outcomes += [outcome("b", 0, "SUCCESS"), outcome("b", 1, "FAILURE"),
                 outcome("b", 2, "PARTIAL")]
    outcomes += [outcome("c", i, "FAILURE") for i in range(3)]
    summary = summarise(outcomes, repeat=3, expected_total=9)
    assert summary.pass_hat_curve == pytest.approx([(1 + 2 / 3) / 3, (1 + 1 / 3) / 3, 1 / 3],
                                                   abs=1e-6)
    # pass^n is still the contract's passHatK: cases that passed in every attempt.
    assert summary.pass_hat_k == pytest.approx(summary.pass_hat_curve[-1], abs=1e-6)
    # pass^1 is the per-attempt pass rate.
    assert summary.pass_hat_curve[0] == pytest.approx(summary.pass_rate, abs=1e-6)


def test_pass_hat_curve_counts_missing_attempts_and_cases_as_failed() -> None:
    # 2 cases × repeat 2 expected; case b never ran, case a ran once and passed.
    summary = summarise([outcome("a", 0, "SUCCESS")], repeat=2, expected_total=4)
    assert summary.pass_hat_curve == [0.25, 0.0]


def test_no_pass_hat_curve_without_repeats() -> None:
    assert summarise([outcome("a", 0, "SUCCESS")], repeat=1).pass_hat_curve is None
