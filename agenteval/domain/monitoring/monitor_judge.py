"""What a monitor judges at close, as the case the judging machinery takes (pure).

A monitor's `judge` document is a scenario's rules or a rules file:

    {"kind": "rules", "rules": [{type, params, weight}], "expectation"?: {...},
     "ruleLogic"?: "ALL|ANY|WEIGHTED", "successThreshold"?, "partialThreshold"?}

Scorecards are the next `kind` (the scorecard issue): a kind this module does not know is
refused when the monitor is saved, and `case_of` is the one place to teach it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.judging.cases import (
    DEFAULT_PARTIAL_THRESHOLD,
    DEFAULT_SUCCESS_THRESHOLD,
    CaseSpec,
    RuleSpec,
)
from agenteval.domain.judging.rule_catalog import RuleCatalog
from agenteval.domain.judging.rule_spec_validation import validate_rules

JUDGE_KINDS = ("rules",)
LOGICS = ("ALL", "ANY", "WEIGHTED")


def validate_judge(judge: Any, catalog: RuleCatalog, errors: FieldErrors,
                   path: str = "judge") -> None:
    if not isinstance(judge, dict):
        errors.add(path, "must be an object {kind: rules, rules: [...]}")
        return
    kind = judge.get("kind", "rules")
    if kind not in JUDGE_KINDS:
        errors.add(f"{path}.kind", f"must be one of {', '.join(JUDGE_KINDS)} "
                                   "(scorecards come with the scorecard issue)")
        return
    logic = judge.get("ruleLogic", "ALL")
    if logic not in LOGICS:
        errors.add(f"{path}.ruleLogic", f"must be one of {', '.join(LOGICS)}")
    validate_rules(judge.get("rules") or [], f"{path}.rules", logic, catalog, True, errors)
    if judge.get("expectation") is not None:
        errors.add_all(catalog.validate_expectation(judge["expectation"], f"{path}.expectation"))


def validate_red_lines(red_lines: Any, catalog: RuleCatalog, errors: FieldErrors,
                       path: str = "redLines") -> None:
    """Red lines run at once on every turn: only model-free rules."""
    rules = validate_rules(red_lines, path, "ALL", catalog, True, errors)
    for index, rule in enumerate(rules):
        info = catalog.get_rule(rule.type)
        if info is not None and info.model_required:
            errors.add(f"{path}[{index}].type", f"{rule.type} needs a model: red lines are "
                                                "model-free checks; judge it at close instead")


def case_of(judge: dict[str, Any], keep: Callable[[RuleSpec], bool] | None = None) -> CaseSpec:
    """The case a conversation is judged as; `keep` filters its rules (the model-judged
    ones are left out when the conversation is not sampled or the budget is spent)."""
    rules = [RuleSpec(type=r["type"], params=r.get("params") or {},
                      weight=float(r.get("weight", 1.0)), scope=r.get("scope"))
             for r in judge.get("rules") or []]
    if keep is not None:
        rules = [r for r in rules if keep(r)]
    return CaseSpec(key="monitored", messages=[], type="MULTI_TURN",
                    expectation=judge.get("expectation"), eval_rules=rules,
                    rule_logic=judge.get("ruleLogic", "ALL"),
                    success_threshold=judge.get("successThreshold", DEFAULT_SUCCESS_THRESHOLD),
                    partial_threshold=judge.get("partialThreshold", DEFAULT_PARTIAL_THRESHOLD))
