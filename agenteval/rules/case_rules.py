"""A case's rules judged on a dialog: what every system that judges dialogs runs (a live
attempt, an offline log, a monitored conversation)."""

from __future__ import annotations

from dataclasses import replace

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules.base import ModelProvider
from agenteval.rules.expectation import evaluate_expectation
from agenteval.rules.registry import run_rule


async def judge_rules(case: CaseSpec, turns: list[Turn], models: ModelProvider) -> list[RuleResult]:
    """Implicit expectation rules first, then the case's eval rules, then each message's
    checks in message order, judged on the dialog up to that message's reply."""
    results = list(evaluate_expectation(case.expectation, turns))
    for spec in case.eval_rules:
        results.append(await run_rule(spec, case, turns, models))
    for index, check in sorted(case.turn_checks.items()):
        dialog = turns[:index + 1]
        judged = list(evaluate_expectation(check.expect, dialog))
        for spec in check.eval_rules:
            judged.append(await run_rule(spec, case, dialog, models))
        results += [replace(result, turn_index=index) for result in judged]
    return results
