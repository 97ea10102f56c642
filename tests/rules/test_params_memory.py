"""Params found valid once are not re-validated; bad params are refused every time."""

from __future__ import annotations

from agenteval.domain.judging.cases import CaseSpec, RuleSpec
from agenteval.rules import NO_MODELS, get_rule, run_rule, validate_rule_params
from agenteval.rules.model_free.json_schema import json_schema_verdict, validator_for
from tests.support.turns import reply_turn

CASE = CaseSpec(key="c", messages=["hi"])


def test_valid_params_are_remembered_and_bad_ones_never():
    rule = get_rule("response_time")
    assert rule is not None
    assert validate_rule_params("response_time", {"max_ms": 500}) == []
    assert rule.known_valid({"max_ms": 500})
    assert validate_rule_params("response_time", {"max_ms": -1}) != []
    assert not rule.known_valid({"max_ms": -1})
    assert validate_rule_params("response_time", {"max_ms": -1}) != []


def test_params_that_only_look_alike_in_json_are_checked_again():
    rule = get_rule("response_time")
    assert rule is not None
    assert validate_rule_params("response_time", {"max_ms": 2}) == []
    assert not rule.known_valid({"max_ms": True})  # True == 1 in Python, not in JSON
    assert validate_rule_params("response_time", {"max_ms": True}) != []
    assert not rule.known_valid({"max_ms": 2.5})


def test_params_changed_after_validation_are_checked_again():
    params = {"keywords": ["refund"]}
    assert validate_rule_params("keyword_match", params) == []
    params["keywords"] = []
    assert validate_rule_params("keyword_match", params) != []


async def test_run_rule_refuses_bad_params_after_good_ones_of_the_same_type():
    good = RuleSpec("keyword_match", {"keywords": ["refund"]})
    bad = RuleSpec("keyword_match", {"keywords": "refund"})
    assert (await run_rule(good, CASE, [reply_turn("a refund")], NO_MODELS)).passed
    result = await run_rule(bad, CASE, [reply_turn("a refund")], NO_MODELS)
    assert result.error is not None and "invalid params" in result.error


def test_equal_schemas_share_a_validator_that_later_changes_do_not_reach():
    schema = {"type": "object", "required": ["status"]}
    validator = validator_for(schema)
    assert validator_for({"required": ["status"], "type": "object"}) is validator
    schema["required"] = ["answer"]
    assert validator_for(schema) is not validator
    passed, detail = json_schema_verdict('{"status": "ok"}', schema)
    assert not passed and detail["violations"][0]["path"] == "$.answer"
    assert json_schema_verdict('{"status": "ok"}', {"required": ["status"]})[0]
