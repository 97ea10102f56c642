"""GraphQL CaseInputs (camelCase) share the document validation core, with their own paths."""

from __future__ import annotations

from enum import Enum

import pytest

from agenteval.domain.judging.cases import CaseSpec, RuleResult, RuleSpec
from agenteval.domain.static.scenario_document import validate_case_inputs
from agenteval.errors import ValidationFailed
from agenteval.rules import RULE_CATALOG, register_rule, registry_snapshot


class CaseType(Enum):  # how strawberry hands enum inputs over
    SINGLE_TURN = "SINGLE_TURN"
    MULTI_TURN = "MULTI_TURN"


@pytest.fixture(autouse=True)
def fake_llm_score():
    with registry_snapshot():
        @register_rule(name="llm_score", description="fake", model_role="JUDGE",
                       params_schema={"properties": {"min_score": {"type": "number",
                                                                   "maximum": 10}}},
                       replace_existing=True)
        def llm_score(**params):
            async def evaluate(case, dialog, models):
                return RuleResult("llm_score", True, 1.0)
            return evaluate
        yield


def errors_of(cases, judge_configured=True, **kwargs):
    with pytest.raises(ValidationFailed) as caught:
        validate_case_inputs(cases, RULE_CATALOG, judge_configured, **kwargs)
    return [(e["path"], e["message"]) for e in caught.value.details]


def test_camel_case_inputs_become_case_specs():
    [spec] = validate_case_inputs([{
        "key": "case-001", "type": CaseType.MULTI_TURN, "messages": ["a", "b"],
        "expectation": {"not_contains": "抱歉"},
        "evalRules": [{"type": "keyword_match", "params": {"keywords": ["b"]}, "weight": 2}],
        "ruleLogic": "WEIGHTED", "rulePassThreshold": 0.6, "successThreshold": 0.9,
        "partialThreshold": 0.4, "tags": ["t"]}], RULE_CATALOG, judge_configured=False)
    assert spec == CaseSpec(key="case-001", messages=["a", "b"], type="MULTI_TURN",
                            expectation={"not_contains": "抱歉"},
                            eval_rules=[RuleSpec("keyword_match", {"keywords": ["b"]}, 2.0)],
                            rule_logic="WEIGHTED", rule_pass_threshold=0.6,
                            success_threshold=0.9, partial_threshold=0.4, tags=["t"])


def test_nulls_take_the_defaults():
    [spec] = validate_case_inputs([{"key": "k", "type": None, "messages": ["x"],
                                    "expectation": None}], RULE_CATALOG, judge_configured=True)
    assert (spec.type, spec.rule_logic, spec.success_threshold) == ("SINGLE_TURN", "ALL", 0.8)


def test_snake_case_keys_are_accepted_too():
    [spec] = validate_case_inputs([{"key": "k", "messages": ["x"], "rule_logic": "ANY"}], RULE_CATALOG,
                                  judge_configured=True)
    assert spec.rule_logic == "ANY"


@pytest.mark.parametrize("cases, expected", [
    ([{"key": "k", "messages": ["x"],
       "evalRules": [{"type": "safety"}, {"type": "keyword_match", "params": {}}]}],
     [("input.cases[0].evalRules[1].params.keywords", "is required")]),
    ([{"key": "k", "messages": ["x"], "evalRules": [{"type": "llm_score",
                                                     "params": {"min_score": 12}}]}],
     [("input.cases[0].evalRules[0].params.min_score", "must be ≤ 10")]),
    ([{"key": "k", "messages": ["x"], "successThreshold": 0.3}],
     [("input.cases[0].partialThreshold", "must be ≤ successThreshold (0.3)")]),
    ([{"key": "k", "messages": ["x"]}, {"key": "k", "messages": ["y"]}],
     [("input.cases[1].key", "duplicate key 'k' (also input.cases[0])")]),
    ([{"id": "k", "messages": ["x"]}],
     [("input.cases[0].id", "is not a case field (known: key, type, messages, expectation, "
                            "evalRules, ruleLogic, rulePassThreshold, successThreshold, "
                            "partialThreshold, tags, turnChecks, toolResults, persona, goal, "
                                "opening, maxTurns, stopWhen, followUps, simulator, origin)"),
      ("input.cases[0].key", "is required")]),
    ([{"key": "k", "message": "x"}],
     [("input.cases[0].message", "is not a case field (known: key, type, messages, expectation, "
                                 "evalRules, ruleLogic, rulePassThreshold, successThreshold, "
                                 "partialThreshold, tags, turnChecks, toolResults, persona, goal, "
                                "opening, maxTurns, stopWhen, followUps, simulator, origin)"),
      ("input.cases[0].messages", "is required")]),
    ([{"key": "k", "messages": ["x"], "ruleLogic": "ANY", "rule_logic": "ALL"}],
     [("input.cases[0].rule_logic", "give either ruleLogic or rule_logic, not both")]),
    ([], [("input.cases", "must have at least one case")]),
])
def test_bad_inputs_are_reported_with_input_paths(cases, expected):
    assert errors_of(cases) == expected


def test_judge_rules_need_a_judge_model():
    assert errors_of([{"key": "k", "messages": ["x"], "evalRules": [{"type": "llm_score"}]}],
                     judge_configured=False) == [
        ("input.cases[0].evalRules[0].type", "rule 'llm_score' needs a JUDGE model: configure "
                                             "one with setModelConfig(role: JUDGE)")]


def test_the_path_prefix_is_the_callers():
    assert errors_of([{"key": "", "messages": ["x"]}], path="cases") == [
        ("cases[0].key", "must be a non-empty string")]
