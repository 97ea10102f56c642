"""The tier rules of docs/design.md 'Judgement', branch by branch."""

from __future__ import annotations

from typing import Any

import pytest

from agenteval.domain.judging.cases import CaseSpec, RuleResult, RuleSpec, Turn
from agenteval.domain.judging.judgement import first_turn_error, judge_case, success_level

INTENT = "intent_classification"
COMPLETION = "task_completion"


def case(rules: tuple[str, ...] = (), **settings: Any) -> CaseSpec:
    return CaseSpec(key="case-001", messages=["hello"],
                    eval_rules=[RuleSpec(type=t) for t in rules], **settings)


def result(rule_type: str, passed: bool, score: float | None = None, weight: float = 1.0,
           implicit: bool = False, error: str | None = None) -> RuleResult:
    if score is None:
        score = 1.0 if passed else 0.0
    return RuleResult(rule_type, passed=passed, score=score, weight=weight,
                      implicit=implicit, error=error)


def hard(passed: bool) -> RuleResult:
    return result("expect_contains", passed, implicit=True)


def intent(passed: bool) -> RuleResult:
    return result(INTENT, passed)


def completion(rate: float, passed: bool = True, weight: float = 1.0) -> RuleResult:
    return result(COMPLETION, passed, rate, weight)


# id, case, results, expected (success_level, rules_ok, intent_passed, completion_rate)
TIER_TABLE = [
    ("no eval rules, no results: logic passes, L2 = 1.0",
     case(), [], ("SUCCESS", True, None, None)),
    ("no eval rules, hard rule passes",
     case(), [hard(True)], ("SUCCESS", True, None, None)),
    ("no eval rules, hard rule fails",
     case(), [hard(False)], ("FAILURE", False, None, None)),
    ("ALL: every rule passes",
     case(("keyword_match", "llm_score")),
     [result("keyword_match", True), result("llm_score", True, 0.8)],
     ("SUCCESS", True, None, None)),
    ("ALL: one rule fails",
     case(("keyword_match", "llm_score")),
     [result("keyword_match", True), result("llm_score", False, 0.4)],
     ("FAILURE", False, None, None)),
    ("ANY: one rule passes",
     case(("keyword_match", "llm_score"), rule_logic="ANY"),
     [result("keyword_match", False), result("llm_score", True, 0.8)],
     ("SUCCESS", True, None, None)),
    ("ANY: no rule passes",
     case(("keyword_match", "llm_score"), rule_logic="ANY"),
     [result("keyword_match", False), result("llm_score", False, 0.4)],
     ("FAILURE", False, None, None)),
    ("ANY passes but a hard rule fails",
     case(("keyword_match",), rule_logic="ANY"),
     [hard(False), result("keyword_match", True)],
     ("FAILURE", False, None, None)),
    ("WEIGHTED: mean above threshold despite a failed rule",
     case(("keyword_match", "llm_score"), rule_logic="WEIGHTED"),
     [result("keyword_match", False, 0.5, weight=1), result("llm_score", True, 0.9, weight=3)],
     ("SUCCESS", True, None, None)),
    ("WEIGHTED: mean below threshold",
     case(("keyword_match", "llm_score"), rule_logic="WEIGHTED"),
     [result("keyword_match", False, 0.2), result("llm_score", True, 0.9)],
     ("FAILURE", False, None, None)),
    ("WEIGHTED: mean exactly at rule_pass_threshold 0.7",
     case(("keyword_match", "llm_score"), rule_logic="WEIGHTED"),
     [result("keyword_match", False, 0.4), result("llm_score", True, 1.0)],
     ("SUCCESS", True, None, None)),
    ("WEIGHTED passes but a hard rule fails (hard rules are not weighed)",
     case(("llm_score",), rule_logic="WEIGHTED"),
     [hard(False), result("llm_score", True, 1.0, weight=10)],
     ("FAILURE", False, None, None)),
    ("intent fails: FAILURE even with full completion (ALL fails too)",
     case((INTENT, COMPLETION)), [intent(False), completion(1.0)],
     ("FAILURE", False, False, 1.0)),
    ("intent fails under ANY: rules pass, L1 still fails the case",
     case((INTENT, COMPLETION), rule_logic="ANY"), [intent(False), completion(1.0)],
     ("FAILURE", True, False, 1.0)),
    ("completion exactly 0.8 → SUCCESS",
     case((INTENT, COMPLETION)), [intent(True), completion(0.8)],
     ("SUCCESS", True, True, 0.8)),
    ("completion just under 0.8 → PARTIAL",
     case((INTENT, COMPLETION)), [intent(True), completion(0.79)],
     ("PARTIAL", True, True, 0.79)),
    ("completion exactly 0.5 → PARTIAL",
     case((COMPLETION,)), [completion(0.5)],
     ("PARTIAL", True, None, 0.5)),
    ("completion just under 0.5 → FAILURE although every rule passed",
     case((COMPLETION,)), [completion(0.49)],
     ("FAILURE", True, None, 0.49)),
    ("several task_completion rules are averaged (0.7, 0.9 → 0.8 SUCCESS)",
     case((COMPLETION, COMPLETION)), [completion(0.7), completion(0.9)],
     ("SUCCESS", True, None, pytest.approx(0.8))),
    ("several task_completion rules are averaged (0.4, 0.6 → 0.5 PARTIAL)",
     case((COMPLETION, COMPLETION)), [completion(0.4), completion(0.6)],
     ("PARTIAL", True, None, pytest.approx(0.5))),
    ("float noise: mean of 0.4, 1.0, 1.0 is 0.7999999999999999 yet meets 0.8",
     case((COMPLETION,) * 3), [completion(0.4), completion(1.0), completion(1.0)],
     ("SUCCESS", True, None, pytest.approx(0.8))),
    ("case thresholds are the case's own",
     case((COMPLETION,), success_threshold=0.9, partial_threshold=0.2),
     [completion(0.85)], ("PARTIAL", True, None, 0.85)),
    ("several intent rules: one fails → L1 fails",
     case((INTENT, INTENT), rule_logic="ANY"), [intent(True), intent(False)],
     ("FAILURE", True, False, None)),
    ("seed 6.3: intent passed, 3/5 slots, WEIGHTED 0.75 ≥ 0.7 → PARTIAL",
     case((INTENT, COMPLETION, "llm_score"), rule_logic="WEIGHTED"),
     [intent(True), completion(0.6, weight=2.0), result("llm_score", True, 0.8)],
     ("PARTIAL", True, True, 0.6)),
]


@pytest.mark.parametrize(("spec", "results", "expected"),
                         [row[1:] for row in TIER_TABLE], ids=[row[0] for row in TIER_TABLE])
def test_tiers(spec: CaseSpec, results: list[RuleResult], expected: tuple) -> None:
    level, rules_ok, intent_passed, completion_rate = expected
    verdict = judge_case(spec, results)
    assert verdict.success_level == level
    assert verdict.passed == (level != "FAILURE")
    assert verdict.rules_ok == rules_ok
    assert verdict.intent_passed == intent_passed
    assert verdict.completion_rate == completion_rate
    assert verdict.error is None


@pytest.mark.parametrize(("rules_ok", "intent_ok", "l2", "level"), [
    (True, True, 1.0, "SUCCESS"),
    (True, True, 0.8, "SUCCESS"),
    (True, True, 0.7999, "PARTIAL"),
    (True, True, 0.5, "PARTIAL"),
    (True, True, 0.4999, "FAILURE"),
    (True, True, 0.0, "FAILURE"),
    (False, True, 1.0, "FAILURE"),
    (True, False, 1.0, "FAILURE"),
])
def test_success_level_thresholds(rules_ok: bool, intent_ok: bool, l2: float,
                                  level: str) -> None:
    assert success_level(case(), rules_ok, intent_ok, l2) == level


def test_seed_example_scores_weighted_mean_of_all_results() -> None:
    verdict = judge_case(
        case((INTENT, COMPLETION, "llm_score"), rule_logic="WEIGHTED"),
        [intent(True), completion(0.6, weight=2.0), result("llm_score", True, 0.8)],
    )
    assert verdict.score == pytest.approx((1.0 + 1.2 + 0.8) / 4)


def test_score_includes_implicit_results_with_their_weights() -> None:
    verdict = judge_case(case(("llm_score",)),
                         [hard(True), result("llm_score", True, 0.5, weight=3)])
    assert verdict.score == pytest.approx((1.0 + 1.5) / 4)


def test_score_is_zero_without_results() -> None:
    assert judge_case(case(), []).score == 0.0


def test_rule_error_fails_the_case_and_names_the_rule() -> None:
    verdict = judge_case(
        case(("keyword_match", "llm_score"), rule_logic="ANY"),
        [result("keyword_match", True),
         RuleResult.failed_to_run("llm_score", "judge unreachable")],
    )
    assert verdict.success_level == "FAILURE"
    assert not verdict.passed
    assert verdict.rules_ok  # ANY still holds; the error alone fails the case
    assert verdict.error is not None
    assert "llm_score" in verdict.error and "judge unreachable" in verdict.error


def test_errored_intent_rule_counts_as_intent_failure() -> None:
    verdict = judge_case(case((INTENT,)), [RuleResult.failed_to_run(INTENT, "bad judge output")])
    assert verdict.intent_passed is False
    assert verdict.success_level == "FAILURE"


def test_turn_error_fails_a_case_whose_rules_all_passed() -> None:
    verdict = judge_case(case(("keyword_match",)), [result("keyword_match", True)],
                         turn_error="turn 1: timeout after 30000 ms")
    assert verdict.success_level == "FAILURE"
    assert verdict.error == "turn 1: timeout after 30000 ms"


def test_turn_error_before_rules_ran_keeps_declared_tiers_measurable() -> None:
    verdict = judge_case(case((INTENT, COMPLETION)), [], turn_error="turn 0: HTTP 502")
    assert verdict.success_level == "FAILURE"
    assert verdict.intent_passed is False
    assert verdict.completion_rate == 0.0


def test_turn_and_rule_errors_are_both_reported() -> None:
    verdict = judge_case(case(("safety",)), [RuleResult.failed_to_run("safety", "no model")],
                         turn_error="turn 2: refused")
    assert verdict.error == "turn 2: refused; rule safety could not run: no model"


def test_first_turn_error_names_the_turn() -> None:
    turns = [Turn(0, "hi", "hello", 10), Turn(1, "book", None, None, error="timeout"),
             Turn(2, "again", None, None, error="HTTP 500")]
    # Turn index 1 is the second turn: people read "turn 2" (the API keeps index 1).
    assert first_turn_error(turns) == "turn 2: timeout"
    assert first_turn_error(turns[:1]) is None
