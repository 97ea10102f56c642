"""Rules that need a JUDGE model are refused at import / campaign creation when none is set."""

from __future__ import annotations

import json

import pytest

from agenteval.domain.static.scenario_document import parse_scenario_document
from agenteval.errors import ValidationFailed
from agenteval.rules import RULE_CATALOG, rule_types

JUDGE_RULES = {
    "llm_score": {"criteria": "polite"},
    "task_completion": {"mode": "slot", "required_slots": [{"name": "a", "description": "b"}]},
    "intent_classification": {"expected_intent": "x", "intent_taxonomy": {"x": "y"}},
    "knowledge_retention": {},
    "role_adherence": {"role": "a repair-booking bot"},
    "conversation_relevancy": {"window_size": 2},
    "conversation_completeness": {},
    "qa_llm_dimension": {"dimension": "did the agent apologise?"},
}


def scenario(rule_type: str, params: dict) -> str:
    return json.dumps({"name": "s", "cases": [{"id": "c1", "messages": ["hi"], "eval_rules": [
        {"type": rule_type, "params": params}]}]})


def test_the_registry_marks_exactly_the_judge_rules_as_model_required() -> None:
    required = {info.name for info in rule_types() if info.model_required}
    assert required == set(JUDGE_RULES)


@pytest.mark.parametrize("rule_type", sorted(JUDGE_RULES))
def test_judge_rules_are_refused_without_a_judge(rule_type: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        parse_scenario_document(scenario(rule_type, JUDGE_RULES[rule_type]), RULE_CATALOG,
                                judge_configured=False)

    (error,) = caught.value.details
    assert error["path"] == "cases[0].eval_rules[0].type"
    assert "needs a JUDGE model" in error["message"]


@pytest.mark.parametrize("rule_type", sorted(JUDGE_RULES))
def test_judge_rules_are_accepted_with_a_judge(rule_type: str) -> None:
    parsed = parse_scenario_document(scenario(rule_type, JUDGE_RULES[rule_type]), RULE_CATALOG,
                                     judge_configured=True)

    assert parsed.cases[0].eval_rules[0].type == rule_type


@pytest.mark.parametrize(("rule_type", "params"), [
    ("semantic_similarity", {"reference": "x"}), ("safety", {})])
def test_embedding_and_moderation_rules_need_no_model(rule_type: str, params: dict) -> None:
    parsed = parse_scenario_document(scenario(rule_type, params), RULE_CATALOG, judge_configured=False)

    assert parsed.cases[0].eval_rules[0].type == rule_type
