"""Judging one case attempt from its rule results: rule logic and the three tiers.

The tiers, as docs/design.md ("Judgement") defines them:

- `rules_ok`: every implicit (hard) rule passed and `rule_logic` over the
  case's own eval rules passed.
- L1 (intent): every `intent_classification` rule passed (true when none).
- L2 (completion): the `task_completion` score, averaged over several; when
  the case has none, 1.0 if `rules_ok` else 0.0.
- L3 (success level): FAILURE unless `rules_ok` and L1; then SUCCESS if
  L2 ≥ success_threshold, PARTIAL if L2 ≥ partial_threshold, else FAILURE.

A rule that could not run, or a target error on a turn, makes the case a
FAILURE carrying `error`. Pure functions: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from agenteval.domain.judging.cases import CaseSpec, RuleResult, SuccessLevel, Turn
from agenteval.domain.turn_numbers import turn_number

INTENT_RULE = "intent_classification"
COMPLETION_RULE = "task_completion"

# Scores are floats (a mean of 0.7 and 0.9 is 0.7999999999999999); a threshold
# the user wrote as 0.8 must still be met by it.
FLOAT_TOLERANCE = 1e-9


@dataclass(frozen=True)
class CaseVerdict:
    """The judged outcome of one case attempt (what `CaseOutcome` stores)."""

    success_level: SuccessLevel
    passed: bool
    score: float
    rules_ok: bool
    intent_passed: bool | None  # L1; None when the case has no intent rule
    completion_rate: float | None  # L2 as measured; None when no task_completion rule
    error: str | None = None


def judge_case(case: CaseSpec, results: list[RuleResult],
               turn_error: str | None = None) -> CaseVerdict:
    """Judge one attempt of `case` from all its rule results (implicit ones included)."""
    ok = rules_ok(case, results)
    intent_passed = intent_tier(case, results)
    completion_rate = measured_completion(case, results)
    error = case_error(results, turn_error)
    if error is not None:
        level: SuccessLevel = "FAILURE"
    else:
        level = success_level(case, ok, intent_passed is not False,
                              completion_tier(completion_rate, ok))
    return CaseVerdict(
        success_level=level,
        passed=level != "FAILURE",
        score=weighted_mean(results),
        rules_ok=ok,
        intent_passed=intent_passed,
        completion_rate=completion_rate,
        error=error,
    )


def success_level(case: CaseSpec, rules_passed: bool, intent_passed: bool,
                  completion: float) -> SuccessLevel:
    """L3: FAILURE unless the rules and L1 pass, then graded by L2 against the thresholds."""
    if not rules_passed or not intent_passed:
        return "FAILURE"
    if at_least(completion, case.success_threshold):
        return "SUCCESS"
    if at_least(completion, case.partial_threshold):
        return "PARTIAL"
    return "FAILURE"


def rules_ok(case: CaseSpec, results: Sequence[RuleResult]) -> bool:
    """Every hard (implicit) rule passed and the case's rule logic over its eval rules passed."""
    hard = [r for r in results if r.implicit]
    own = [r for r in results if not r.implicit]
    return all(r.passed for r in hard) and rule_logic_passed(case, own)


def rule_logic_passed(case: CaseSpec, eval_results: Sequence[RuleResult]) -> bool:
    """ALL / ANY / WEIGHTED over the eval rules' results; no eval rules → passes."""
    if not eval_results:
        return True
    if case.rule_logic == "ALL":
        return all(r.passed for r in eval_results)
    if case.rule_logic == "ANY":
        return any(r.passed for r in eval_results)
    return at_least(weighted_mean(eval_results), case.rule_pass_threshold)


def intent_tier(case: CaseSpec, results: Sequence[RuleResult]) -> bool | None:
    """L1: did every intent rule pass? None when the case has no intent rule.

    A declared intent rule without a result (the dialog failed before rules
    ran) counts as not passed, so errored cases stay in the intent denominator.
    """
    intent_results = of_type(results, INTENT_RULE)
    if intent_results:
        return all(r.passed for r in intent_results)
    if declares(case, INTENT_RULE):
        return False
    return None


def measured_completion(case: CaseSpec, results: Sequence[RuleResult]) -> float | None:
    """L2 as measured: mean task_completion score; None when the case has no such rule.

    A declared task_completion rule without a result counts as 0.0 completion.
    """
    completion_results = of_type(results, COMPLETION_RULE)
    if completion_results:
        return sum(r.score for r in completion_results) / len(completion_results)
    if declares(case, COMPLETION_RULE):
        return 0.0
    return None


def completion_tier(measured: float | None, rules_passed: bool) -> float:
    """L2 used for grading: the measured rate, or all-or-nothing on the rules without one."""
    if measured is not None:
        return measured
    return 1.0 if rules_passed else 0.0


def case_error(results: Sequence[RuleResult], turn_error: str | None) -> str | None:
    """The error that makes the attempt a FAILURE: the turn error first, then each rule's."""
    messages = [turn_error] if turn_error else []
    messages += [f"rule {r.rule_type} could not run: {r.error}" for r in results if r.error]
    return "; ".join(messages) or None


def first_turn_error(turns: Iterable[Turn]) -> str | None:
    """The message for the first turn the target failed on, e.g. 'turn 2: timeout'.

    A person reads it (run report, terminal, JUnit), so the turn is numbered from 1."""
    for turn in turns:
        if turn.error:
            return f"turn {turn_number(turn.index)}: {turn.error}"
    return None


def weighted_mean(results: Sequence[RuleResult]) -> float:
    """Weighted mean of the scores; 0.0 when there are no results or no positive weight."""
    total_weight = sum(r.weight for r in results)
    if total_weight <= 0:
        return 0.0
    return sum(r.score * r.weight for r in results) / total_weight


def at_least(value: float, threshold: float) -> bool:
    return value >= threshold - FLOAT_TOLERANCE


def of_type(results: Sequence[RuleResult], rule_type: str) -> list[RuleResult]:
    return [r for r in results if r.rule_type == rule_type]


def declares(case: CaseSpec, rule_type: str) -> bool:
    return any(rule.type == rule_type for rule in case.eval_rules)
