"""The pass^k estimator against brute-force enumeration of k-subsets."""

from __future__ import annotations

import itertools

import pytest

from agenteval.domain.static.pass_hat import case_pass_hat, format_curve, pass_hat_curve


@pytest.mark.parametrize(("passes", "attempts"), [(0, 4), (1, 4), (3, 5), (5, 5), (2, 2)])
def test_case_pass_hat_is_the_share_of_all_passing_k_subsets(passes: int, attempts: int) -> None:
    verdicts = [True] * passes + [False] * (attempts - passes)
    for k in range(1, attempts + 1):
        subsets = list(itertools.combinations(verdicts, k))
        assert case_pass_hat(passes, attempts, k) == pytest.approx(
            sum(all(s) for s in subsets) / len(subsets))


def test_k_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError):
        case_pass_hat(1, 3, 4)


def test_curve_averages_cases_and_counts_absent_ones() -> None:
    assert pass_hat_curve({"a": 2, "b": 1}, 2) == pytest.approx([0.75, 0.5])
    assert pass_hat_curve({"a": 2}, 2, case_count=2) == pytest.approx([0.5, 0.5])
    assert pass_hat_curve({}, 3) == [0.0, 0.0, 0.0]


def test_format_curve() -> None:
    assert format_curve([1.0, 0.5]) == "pass^1 100.0% · pass^2 50.0%"
    assert format_curve(None) == "-"
