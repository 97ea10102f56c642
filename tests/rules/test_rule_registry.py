"""The registry: fail-fast registration, params validation by path, run_rule never raising."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from agenteval.domain.judging.cases import RuleProvenance, RuleResult, RuleSpec
from agenteval.rules import (
    NO_MODELS,
    get_rule,
    register_rule,
    registry_snapshot,
    rule_types,
    run_rule,
    validate_rule_params,
)
from tests.support.turns import reply_turn

BUILT_INS = {"keyword_match", "response_time", "json_schema", "safety", "semantic_similarity"}


@pytest.fixture(autouse=True)
def isolated_registry():
    with registry_snapshot():
        yield


class FakeModels:
    def __init__(self, **clients):
        self.clients = clients

    def get(self, role):
        return self.clients.get(role)


def test_built_in_rules_are_listed_with_their_info():
    infos = {info.name: info for info in rule_types()}
    assert BUILT_INS <= set(infos)
    assert infos["keyword_match"].scope == "last_turn"
    assert infos["keyword_match"].model_role is None
    assert infos["safety"].model_role == "MODERATION"
    assert infos["semantic_similarity"].model_role == "EMBEDDING"
    assert infos["keyword_match"].params_schema["required"] == ["keywords"]
    assert [i.name for i in rule_types()] == sorted(infos)


def test_a_non_async_evaluate_is_refused_at_registration():
    with pytest.raises(TypeError, match="must be `async def`"):
        @register_rule(name="sync_rule", description="d")
        class SyncRule:
            def evaluate(self, case, dialog, models):
                return RuleResult("sync_rule", True, 1.0)


def test_an_async_function_is_refused_as_a_factory():
    with pytest.raises(TypeError, match="factory"):
        @register_rule(name="bare", description="d")
        async def bare(case, dialog, models):
            return RuleResult("bare", True, 1.0)


def test_duplicate_names_are_refused_unless_replacing():
    with pytest.raises(ValueError, match="already registered"):
        @register_rule(name="keyword_match", description="d")
        class Again:
            async def evaluate(self, case, dialog, models): ...


@pytest.mark.parametrize("schema, message", [
    ({"properties": {"n": {"type": "integer", "default": 2}}}, "defaults to 1 in code"),
    ({"properties": {"other": {"type": "integer"}}}, "does not take it"),
    ({"properties": {"n": {"type": "nonsense"}}}, "not a valid JSON Schema"),
])
def test_schema_and_constructor_must_agree(schema, message):
    with pytest.raises((TypeError, ValueError), match=message):
        @register_rule(name="mismatch", description="d", params_schema=schema)
        @dataclass
        class Mismatch:
            n: int = 1

            async def evaluate(self, case, dialog, models): ...


def test_a_constructor_param_missing_from_the_schema_is_refused():
    with pytest.raises(TypeError, match="does not declare"):
        @register_rule(name="undeclared", description="d")
        @dataclass
        class Undeclared:
            needed: int

            async def evaluate(self, case, dialog, models): ...


def test_judge_rules_get_the_common_params():
    @register_rule(name="judgey", description="d", model_role="JUDGE", scope="full_dialog")
    def judgey(samples=1, cache=True, scope="full_dialog"):
        async def evaluate(case, dialog, models):
            return RuleResult("judgey", True, 1.0)
        return evaluate

    properties = get_rule("judgey").info.params_schema["properties"]
    assert properties["samples"]["default"] == 1
    assert properties["cache"]["default"] is True
    assert properties["scope"]["default"] == "full_dialog"
    assert get_rule("judgey").info.model_required
    assert get_rule("judgey").effective_params({"evaluation_scope": "last_turn"}) == {
        "samples": 1, "cache": True, "scope": "last_turn"}
    assert validate_rule_params("judgey", {"samples": 0}, "p") == [
        {"path": "p.samples", "message": "must be ≥ 1"}]
    assert validate_rule_params("judgey", {"scope": "last_turn",
                                           "evaluation_scope": "last_turn"}, "p") == [
        {"path": "p.evaluation_scope", "message": "give either scope or evaluation_scope, not both"}]


@pytest.mark.parametrize("rule_type, params, expected", [
    ("keyword_match", {}, [("x.keywords", "is required")]),
    ("keyword_match", {"keywords": "refund"}, [("x.keywords", "must be a list")]),
    ("keyword_match", {"keywords": ["a", ""]}, [("x.keywords[1]", "must not be empty")]),
    ("keyword_match", {"keywords": ["a"], "mode": "most"},
     [("x.mode", "must be one of: any, all")]),
    ("keyword_match", {"keywords": ["a"], "min_ratio": 1.5}, [("x.min_ratio", "must be ≤ 1")]),
    ("keyword_match", {"keywords": ["(a"], "regex": True},
     [("x.keywords[0]", "is not a valid regular expression: missing ), unterminated subpattern "
                        "at position 0")]),
    ("response_time", {"max_ms": 0}, [("x.max_ms", "must be > 0")]),
    ("response_time", {"max_ms": True}, [("x.max_ms", "must be a number")]),
    ("json_schema", {"schema": {"type": "nope"}}, [("x.schema", None)]),
    ("safety", {"categories": ["gossip"]}, [("x.categories[0]", None)]),
    ("semantic_similarity", {"reference": "x", "min_similarity": -1},
     [("x.min_similarity", "must be ≥ 0")]),
    ("keyword_match", "not-a-dict", [("x", "must be an object")]),
])
def test_params_errors_name_the_field(rule_type, params, expected):
    errors = validate_rule_params(rule_type, params, "x")
    assert [e["path"] for e in errors] == [path for path, _ in expected]
    for error, (_, message) in zip(errors, expected, strict=True):
        if message is not None:
            assert error["message"] == message


def test_unknown_params_are_refused_naming_the_allowed_ones():
    errors = validate_rule_params("response_time", {"max_ms": 5, "max_sec": 1}, "x")
    assert errors == [{"path": "x.max_sec", "message": "is not allowed (allowed: max_ms)"}]


def test_an_unknown_rule_type_lists_the_known_ones():
    [error] = validate_rule_params("foo", {}, "x")
    assert error["path"] == "x"
    assert error["message"].startswith("unknown rule type 'foo' (known: ")
    assert "keyword_match" in error["message"]


async def test_run_rule_records_rule_params_and_weight(case):
    spec = RuleSpec("keyword_match", {"keywords": ["refund"]}, weight=2.0)
    result = await run_rule(spec, case, [reply_turn("we refund you")], NO_MODELS)
    assert result.passed and result.score == 1.0 and result.weight == 2.0
    params = {"keywords": ["refund"], "mode": "any", "case_sensitive": False, "regex": False}
    assert result.rule == RuleProvenance("keyword_match", params, version=1)
    assert result.status == "passed"
    assert "rule" not in result.detail  # the rule's own detail; provenance is typed
    assert result.stored_detail() == {**result.detail,
                                      "rule": {"type": "keyword_match", "params": params}}


async def test_run_rule_turns_an_exception_into_an_error_result(case):
    @register_rule(name="exploding", description="d")
    class Exploding:
        async def evaluate(self, case, dialog, models):
            raise RuntimeError("judge fell over")

    result = await run_rule(RuleSpec("exploding", weight=3.0), case, [reply_turn("x")], NO_MODELS)
    assert (result.passed, result.score, result.weight) == (False, 0.0, 3.0)
    assert result.error == "rule 'exploding' failed: RuntimeError: judge fell over"


@pytest.mark.parametrize("returned, error_part", [
    ("not a result", "returned str, not a RuleResult"),
    (RuleResult("liar", True, 1.5), "outside [0, 1]"),
    (RuleResult("liar", True, float("nan")), "outside [0, 1]"),
])
async def test_run_rule_refuses_results_that_break_the_invariants(case, returned, error_part):
    @register_rule(name="liar", description="d")
    class Liar:
        async def evaluate(self, case, dialog, models):
            return returned

    result = await run_rule(RuleSpec("liar"), case, [reply_turn("x")], NO_MODELS)
    assert not result.passed and result.score == 0.0
    assert error_part in result.error


async def test_an_error_result_never_counts_as_passed(case):
    @register_rule(name="half_broken", description="d")
    class HalfBroken:
        async def evaluate(self, case, dialog, models):
            return RuleResult("half_broken", True, 1.0, error="judge output unreadable")

    result = await run_rule(RuleSpec("half_broken"), case, [reply_turn("x")], NO_MODELS)
    assert (result.passed, result.score, result.error) == (False, 0.0, "judge output unreadable")


async def test_run_rule_reports_unknown_types_and_bad_params_without_raising(case):
    unknown = await run_rule(RuleSpec("nope"), case, [reply_turn("x")], NO_MODELS)
    assert unknown.error.startswith("unknown rule type 'nope'")
    bad = await run_rule(RuleSpec("response_time", {"max_ms": -1}), case, [reply_turn("x")],
                         NO_MODELS)
    assert bad.error == "invalid params: params.max_ms: must be > 0"


async def test_a_judge_rule_without_a_judge_model_is_an_error_not_a_call(case):
    calls = []

    @register_rule(name="needs_judge", description="d", model_role="JUDGE")
    def needs_judge(samples=1, cache=True, scope="last_turn"):
        async def evaluate(case, dialog, models):
            calls.append(models.get("JUDGE"))
            return RuleResult("needs_judge", True, 1.0)
        return evaluate

    missing = await run_rule(RuleSpec("needs_judge"), case, [reply_turn("x")], NO_MODELS)
    assert missing.error == "rule 'needs_judge' needs a JUDGE model and none is configured"
    present = await run_rule(RuleSpec("needs_judge"), case, [reply_turn("x")],
                             FakeModels(JUDGE="client"))
    assert present.passed and calls == ["client"]


async def test_a_factory_building_a_sync_evaluator_is_an_error_result(case):
    @register_rule(name="sync_factory", description="d")
    def sync_factory():
        return lambda case, dialog, models: RuleResult("sync_factory", True, 1.0)

    result = await run_rule(RuleSpec("sync_factory"), case, [reply_turn("x")], NO_MODELS)
    assert "non-async evaluator" in result.error
