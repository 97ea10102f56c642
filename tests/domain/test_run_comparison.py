"""Comparing two runs: deltas, regressions, improvements, one-sided attempts, Markdown."""

from __future__ import annotations

import pytest

from agenteval.domain.judging.cases import SuccessLevel
from agenteval.domain.static.run_comparison import RunSide, compare_runs
from agenteval.domain.static.run_report import OutcomeView
from agenteval.domain.static.run_summary import OutcomeRecord, summarise


def outcome(key: str, level: SuccessLevel, attempt: int = 0, score: float = 1.0,
            error: str | None = None) -> OutcomeView:
    return {"case_key": key, "attempt": attempt, "success_level": level,
            "passed": level != "FAILURE", "score": score, "error": error, "tags": [],
            "turns": [], "results": []}


def side(run_id: str, label: str, outcomes: list[OutcomeView], repeat: int = 1,
         case_hashes: dict[str, str] | None = None) -> RunSide:
    """A run whose case definitions are known: the same for every case unless given."""
    records = [OutcomeRecord(o["case_key"], o["attempt"], o["success_level"],
                             o["passed"], o["error"]) for o in outcomes]
    hashes = {o["case_key"]: "same" for o in outcomes} | (case_hashes or {})
    return RunSide(run_id, label, summarise(records, repeat), outcomes, case_hashes=hashes)


BASE = side("run-base", "bot v1", [
    outcome("stay-pass", "SUCCESS"),
    outcome("stay-fail", "FAILURE", score=0.1),
    outcome("regress", "SUCCESS", score=0.9),
    outcome("improve", "FAILURE", score=0.2),
    outcome("dropped", "SUCCESS"),
    outcome("tier-shift", "SUCCESS"),
])
HEAD = side("run-head", "bot v2", [
    outcome("stay-pass", "SUCCESS"),
    outcome("stay-fail", "FAILURE", score=0.1),
    outcome("regress", "FAILURE", score=0.3, error="turn 0: HTTP 502"),
    outcome("improve", "PARTIAL", score=0.6),
    outcome("added", "FAILURE"),
    outcome("tier-shift", "PARTIAL", score=0.6),
])


def test_deltas_are_head_minus_base() -> None:
    comparison = compare_runs(BASE, HEAD)
    # base: 4 of 6 pass, success rate 4/6; head: 3 of 6 pass (2 partial), success rate 2/6
    assert comparison.pass_rate_delta == pytest.approx(3 / 6 - 4 / 6)
    assert comparison.success_rate_delta == pytest.approx((1 + 0.5 * 2) / 6 - 4 / 6)


def test_regressions_improvements_and_unchanged() -> None:
    comparison = compare_runs(BASE, HEAD)
    assert [(d.case_key, d.attempt) for d in comparison.regressions] == [("regress", 0)]
    assert comparison.regressions[0].base["success_level"] == "SUCCESS"
    assert comparison.regressions[0].head["success_level"] == "FAILURE"
    assert [(d.case_key, d.attempt) for d in comparison.improvements] == [("improve", 0)]
    # stay-pass, stay-fail, tier-shift; one-sided attempts are not unchanged
    assert comparison.unchanged_count == 3
    assert comparison.only_in_base == [("dropped", 0)]
    assert comparison.only_in_head == [("added", 0)]


def test_attempts_are_matched_by_case_and_attempt() -> None:
    base = side("b", "v1", [outcome("a", "SUCCESS", 0), outcome("a", "SUCCESS", 1)], repeat=2)
    head = side("h", "v2", [outcome("a", "SUCCESS", 0), outcome("a", "FAILURE", 1)], repeat=2)
    comparison = compare_runs(base, head)
    assert [(d.case_key, d.attempt) for d in comparison.regressions] == [("a", 1)]
    assert comparison.unchanged_count == 1


def test_markdown_has_metrics_and_every_list() -> None:
    markdown = compare_runs(BASE, HEAD).markdown
    assert markdown.startswith("# Run comparison: bot v1 `run-base` → bot v2 `run-head`")
    # 5 shared cases: regress passed only in base, improve only in head → McNemar p = 1
    assert "| Pass rate | 66.7% | 50.0% | -16.7 pp, not significant (p = 1.00) |" in markdown
    assert "| Success rate | 66.7% | 33.3% | -33.3 pp |" in markdown
    assert "| PARTIAL | 0 | 2 | +2 |" in markdown
    assert "## Regressions (passed in base, failed in head): 1" in markdown
    assert "| regress | 0 | SUCCESS (0.90) | FAILURE (0.30) |  | turn 0: HTTP 502 |" in markdown
    assert "## Improvements (failed in base, passed in head): 1" in markdown
    assert "| improve | 0 | FAILURE (0.20) | PARTIAL (0.60) |" in markdown
    assert "Unchanged: 3 attempt(s)" in markdown
    assert "## Only in base: 1\n\n`dropped` attempt 0" in markdown
    assert "## Only in head: 1\n\n`added` attempt 0" in markdown


def test_identical_runs_have_no_changes() -> None:
    comparison = compare_runs(BASE, BASE)
    assert comparison.pass_rate_delta == 0.0
    assert comparison.regressions == [] and comparison.improvements == []
    assert comparison.unchanged_count == 6
    assert "## Regressions (passed in base, failed in head): 0\n\nNone." in comparison.markdown
    assert "Only in" not in comparison.markdown


def test_significance_pairs_cases_by_majority_verdict() -> None:
    base = side("b", "v1", [outcome(f"c{i}", "SUCCESS") for i in range(8)])
    head = side("h", "v2", [outcome(f"c{i}", "FAILURE" if i < 6 else "SUCCESS", attempt)
                            for i in range(8) for attempt in range(2)], repeat=2)
    sig = compare_runs(base, head).significance
    assert sig is not None
    assert (sig.paired_cases, sig.discordant_base_only, sig.discordant_head_only) == (8, 6, 0)
    assert sig.p_value == pytest.approx(0.03125)
    markdown = compare_runs(base, head).markdown
    assert "-75.0 pp, significant (p = 0.031)" in markdown
    assert "exact McNemar p = 0.031, significant." in markdown


def test_a_regression_of_a_case_that_flips_within_a_run_is_flaky() -> None:
    base = side("b", "v1", [outcome("steady", "SUCCESS", 0), outcome("steady", "SUCCESS", 1),
                            outcome("wobbly", "SUCCESS", 0), outcome("wobbly", "SUCCESS", 1)],
                repeat=2)
    head = side("h", "v2", [outcome("steady", "FAILURE", 0), outcome("steady", "FAILURE", 1),
                            outcome("wobbly", "FAILURE", 0), outcome("wobbly", "SUCCESS", 1)],
                repeat=2)
    comparison = compare_runs(base, head)
    assert [(d.case_key, d.attempt, d.flaky) for d in comparison.regressions] == [
        ("steady", 0, False), ("steady", 1, False), ("wobbly", 0, True)]
    assert head.summary.flip_rate == 0.5 and base.summary.flip_rate == 0.0
    assert "1 of 3 regression(s) are flaky" in comparison.markdown
    assert "| Flip rate | 0.0% | 50.0% | +50.0 pp |" in comparison.markdown


def test_runs_of_different_scenarios_are_compared_with_a_warning() -> None:
    from dataclasses import replace

    outcomes = [outcome("a", "SUCCESS")]
    base = replace(side("b", "bot", outcomes), scenario="Refunds (1a2b3c4d)")
    head = replace(side("h", "bot", outcomes), scenario="Greetings (5e6f7a8b)")
    comparison = compare_runs(base, head)
    assert comparison.warnings == [
        "the runs are of different scenarios (Refunds (1a2b3c4d) and Greetings (5e6f7a8b)): "
        "attempts are matched by case key only"]
    assert "> **Warning:** the runs are of different scenarios" in comparison.markdown
    same = compare_runs(base, replace(head, scenario="Refunds (1a2b3c4d)"))
    assert same.warnings == [] and "Warning" not in same.markdown
