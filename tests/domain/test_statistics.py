"""Significance, bootstrap, flip rates and judge agreement: known values, no database."""

from __future__ import annotations

import pytest

from agenteval.domain.agreement import cohen_kappa, describe_agreement, judge_agreement
from agenteval.domain.statistics import (
    attempt_agreement,
    case_verdicts,
    describe_significance,
    flip_rate,
    mcnemar_exact,
    paired_bootstrap_ci,
    significance,
)


@pytest.mark.parametrize(("b", "c", "expected"), [
    (0, 0, 1.0),          # no discordant pair: no evidence of change
    (0, 6, 0.03125),      # 2 × 1/64
    (1, 5, 0.21875),      # 2 × (1 + 6)/64
    (2, 8, 0.109375),     # 2 × (1 + 10 + 45)/1024
    (3, 3, 1.0),          # capped at 1
    (7, 3, 0.34375),      # symmetric in b and c
])
def test_exact_mcnemar_matches_the_binomial_tail(b: int, c: int, expected: float) -> None:
    assert mcnemar_exact(b, c) == pytest.approx(expected)


def test_a_case_passes_by_majority_and_a_tie_does_not_pass() -> None:
    assert case_verdicts({"a": [True, True, False], "b": [True, False], "c": []}) == {
        "a": True, "b": False}


def test_runs_with_different_repeat_pair_by_case_key() -> None:
    base = {f"c{i}": [True] for i in range(10)}
    head = {f"c{i}": [False, False, True] if i < 6 else [True, True, True] for i in range(10)}
    sig = significance(base, head)
    assert (sig.paired_cases, sig.discordant_base_only, sig.discordant_head_only) == (10, 6, 0)
    assert sig.p_value == pytest.approx(0.03125)
    assert describe_significance(sig) == "significant (p = 0.031)"
    assert sig.ci95_low is not None and sig.ci95_high is not None
    assert sig.ci95_low <= -0.6 <= sig.ci95_high < 0


def test_identical_runs_are_not_significant_and_the_interval_is_zero() -> None:
    runs = {"a": [True], "b": [False]}
    sig = significance(runs, runs)
    assert sig.p_value == 1.0
    assert (sig.ci95_low, sig.ci95_high) == (0.0, 0.0)
    assert describe_significance(sig) == "not significant (p = 1.00)"


def test_the_bootstrap_repeats_with_its_fixed_seed() -> None:
    pairs = [(True, False), (False, True), (True, True), (False, False), (True, False)] * 4
    first = paired_bootstrap_ci(pairs)
    assert first == paired_bootstrap_ci(pairs)
    assert first is not None and first[0] < -0.2 < first[1]
    assert paired_bootstrap_ci([]) is None


def test_no_shared_case_gives_no_p_value() -> None:
    sig = significance({"a": [True]}, {"b": [False]})
    assert sig.p_value is None and sig.ci95_low is None and describe_significance(sig) == ""


def test_flip_rate_counts_cases_whose_attempts_disagree() -> None:
    assert flip_rate({"a": [True, False, True], "b": [True, True, True],
                      "c": [False, False, False], "d": [False, True, False]}) == 0.5
    assert flip_rate({"a": [True], "b": [False]}) is None


def test_attempt_agreement_is_the_share_of_the_most_common_level() -> None:
    assert attempt_agreement(["SUCCESS", "PARTIAL", "SUCCESS"]) == pytest.approx(2 / 3)
    assert attempt_agreement(["FAILURE"] * 4) == 1.0
    assert attempt_agreement(["SUCCESS"]) is None


def test_cohen_kappa_of_a_textbook_table() -> None:
    # 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no: p_o = 0.7, p_e = 0.5, κ = 0.4.
    pairs = ([("yes", "yes")] * 20 + [("yes", "no")] * 5 + [("no", "yes")] * 10
             + [("no", "no")] * 15)
    assert cohen_kappa(pairs) == pytest.approx(0.4)
    agreement = judge_agreement(pairs)
    assert agreement is not None
    assert (agreement.reviewed, agreement.agreed, agreement.agreement) == (50, 35, 0.7)
    assert describe_agreement(agreement) == "35 of 50 reviewed agree (70.0%, κ = 0.40)"


def test_kappa_is_undefined_when_both_raters_always_say_the_same_label() -> None:
    assert cohen_kappa([("SUCCESS", "SUCCESS")] * 3) is None
    assert judge_agreement([]) is None
    agreement = judge_agreement([("SUCCESS", "SUCCESS")] * 3)
    assert agreement is not None and agreement.agreement == 1.0 and agreement.kappa is None


def test_kappa_below_chance_is_negative() -> None:
    assert cohen_kappa([("a", "b"), ("b", "a")]) == pytest.approx(-1.0)
