"""Scenario documents (JSON/YAML): parsed into CaseSpecs, every bad field reported by path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agenteval.domain import limits
from agenteval.domain.judging.cases import CaseSpec, RuleResult, RuleSpec
from agenteval.domain.static.scenario_document import (
    MAX_DOCUMENT_BYTES,
    case_to_document,
    parse_scenario_document,
    revalidate_cases,
    scenario_to_document,
)
from agenteval.errors import ValidationFailed
from agenteval.rules import RULE_CATALOG, register_rule, registry_snapshot

EXAMPLE = Path(__file__).parents[2] / "examples" / "scenarios" / "repair_booking_llm.json"


BILLION_LAUGHS = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]\n" for n in range(1, 10))


def register_fake_judge_rule(name: str, properties: dict, required: list[str] = ()) -> None:
    """A stand-in for the LLM rules of a later issue: same name and role, any params."""
    schema = {"properties": properties, "required": list(required)}

    @register_rule(name=name, description="fake", model_role="JUDGE", params_schema=schema,
                   replace_existing=True)
    def fake(**params):
        async def evaluate(case, dialog, models):
            return RuleResult(name, True, 1.0)
        return evaluate


@pytest.fixture(autouse=True)
def fake_judge_rules():
    with registry_snapshot():
        register_fake_judge_rule("llm_score", {
            "criteria": {"type": "string", "minLength": 1},
            "min_score": {"type": "number", "minimum": 0, "maximum": 10}}, ["criteria"])
        register_fake_judge_rule("task_completion", {
            "mode": {"enum": ["slot", "step", "hybrid"]}, "required_slots": {"type": "array"},
            "min_completion_rate": {"type": "number", "minimum": 0, "maximum": 1}})
        register_fake_judge_rule("intent_classification", {
            "expected_intent": {"type": "string"}, "intent_taxonomy": {"type": "object"}})
        yield


def errors_of(text: str, **kwargs) -> list[dict]:
    with pytest.raises(ValidationFailed) as caught:
        parse_scenario_document(text, RULE_CATALOG, **kwargs)
    assert caught.value.code == "VALIDATION_FAILED"
    return [dict(e) for e in caught.value.details]


def doc(*cases: dict, **top) -> str:
    return json.dumps({"name": "s", **top, "cases": list(cases)}, ensure_ascii=False)


def test_the_seed_example_parses():
    scenario = parse_scenario_document(EXAMPLE.read_text(encoding="utf-8"), RULE_CATALOG)
    assert scenario.name == "预约维修服务 - 功能完整性"
    [case] = scenario.cases
    assert (case.key, case.type, case.rule_logic, case.rule_pass_threshold) == (
        "case-001", "MULTI_TURN", "WEIGHTED", 0.7)
    assert len(case.messages) == 4
    assert [(r.type, r.weight) for r in case.eval_rules] == [
        ("intent_classification", 1.0), ("task_completion", 2.0), ("llm_score", 1.0)]
    assert case.eval_rules[2].params["min_score"] == 7


def test_judge_rules_are_refused_without_a_judge_model():
    errors = errors_of(EXAMPLE.read_text(encoding="utf-8"), judge_configured=False)
    assert [e["path"] for e in errors] == [f"cases[0].eval_rules[{i}].type" for i in range(3)]
    assert errors[2]["message"] == ("rule 'llm_score' needs a JUDGE model: configure one with "
                                    "setModelConfig(role: JUDGE)")


def test_model_free_rules_need_no_judge():
    text = doc({"id": "a", "messages": ["hi"],
                "eval_rules": [{"type": "keyword_match", "params": {"keywords": ["hi"]}},
                               {"type": "safety"}]})
    [case] = parse_scenario_document(text, RULE_CATALOG, judge_configured=False).cases
    assert case.eval_rules == [RuleSpec("keyword_match", {"keywords": ["hi"]}, 1.0),
                               RuleSpec("safety", {}, 1.0)]


def test_yaml_documents_parse_with_defaults_and_scenario_tags():
    text = """
name: 退款
description: refund questions
tags: [refund]
cases:
  - id: c1
    message: 我要退款
    expectation: {contains: 退款, max_latency_ms: 3000}
    tags: [smoke, refund]
  - id: c2
    messages: [你好, 我要退款]
    rule_logic: Any
    eval_rules:
      - type: keyword_match
        params: {keywords: [退款], mode: all}
        weight: 2
"""
    scenario = parse_scenario_document(text, RULE_CATALOG)
    assert (scenario.name, scenario.description) == ("退款", "refund questions")
    first, second = scenario.cases
    assert first == CaseSpec(key="c1", messages=["我要退款"], type="SINGLE_TURN",
                             expectation={"contains": "退款", "max_latency_ms": 3000},
                             tags=["refund", "smoke"])
    assert (second.type, second.rule_logic, second.tags) == ("MULTI_TURN", "ANY", ["refund"])
    assert second.eval_rules[0].weight == 2.0


def test_export_round_trips():
    scenario = parse_scenario_document(EXAMPLE.read_text(encoding="utf-8"), RULE_CATALOG)
    exported = scenario_to_document(scenario.name, "d", scenario.cases)
    again = parse_scenario_document(json.dumps(exported, ensure_ascii=False), RULE_CATALOG)
    assert again.cases == scenario.cases and again.description == "d"
    assert case_to_document(scenario.cases[0])["type"] == "multi_turn"
    assert case_to_document(scenario.cases[0])["rule_logic"] == "weighted"


@pytest.mark.parametrize("text, expected", [
    ("{not json", [("document", "is neither valid JSON nor YAML: Expecting property name "
                                "enclosed in double quotes: line 1 column 2 (char 1)")]),
    ("key: [unclosed", [("document", None)]),
    ("just a sentence", [("document", "must be an object with name and cases")]),
    ("[1, 2]", [("document", "must be an object with name and cases")]),
    (BILLION_LAUGHS, [("document", None)]),
])
def test_documents_that_are_not_objects_fail_at_document(text, expected):
    errors = errors_of(text)
    assert [e["path"] for e in errors] == [path for path, _ in expected]
    if expected[0][1] is not None:
        assert errors[0]["message"] == expected[0][1]


def test_yaml_1_2_keeps_yes_no_on_and_leading_zeros_as_the_text_written():
    text = """
name: YAML 1.2
cases:
  - id: yes-is-text
    message: Yes
    expectation: {contains: [on, "No"]}
  - id: order-number
    message: 0012345
    expectation: {contains: ["0012345"]}
"""
    yes, order = parse_scenario_document(text, RULE_CATALOG).cases
    assert yes.messages == ["Yes"] and yes.expectation == {"contains": ["on", "No"]}
    assert order.messages == ["0012345"]


def test_a_yaml_1_1_boolean_word_is_refused_saying_write_true_or_false():
    text = "name: s\ncases:\n  - id: c\n    message: hi\n    expectation: {json: yes}\n"
    [error] = errors_of(text)
    assert error["path"] == "cases[0].expectation.json"
    assert error["message"].endswith("write true or false")


def test_a_billion_laughs_document_is_refused_quickly():
    import time

    started = time.perf_counter()
    [error] = errors_of(BILLION_LAUGHS)
    assert time.perf_counter() - started < 0.5
    assert error["path"] == "document" and "aliases" in error["message"]


def test_oversized_documents_are_refused():
    [error] = errors_of(" " * (MAX_DOCUMENT_BYTES + 1))
    assert error["path"] == "document" and error["message"].startswith("is too large")


def test_too_many_cases_are_refused():
    cases = [{"id": f"c{i}", "messages": ["x"]} for i in range(50_001)]
    assert errors_of(doc(*cases)) == [
        {"path": "cases", "message": "has 50001 cases; at most 50000 are allowed"}]


def test_the_case_and_message_limits_are_settings():
    limits.configure(limits.InputLimits(cases=2, message_chars=5))
    try:
        cases = [{"id": f"c{i}", "messages": ["x"]} for i in range(3)]
        assert errors_of(doc(*cases)) == [
            {"path": "cases", "message": "has 3 cases; at most 2 are allowed"}]
        assert errors_of(doc({"id": "a", "messages": ["ok", "123456"]})) == [
            {"path": "cases[0].messages[1]",
             "message": "is 6 characters long; the limit is 5"}]
    finally:
        limits.configure(limits.InputLimits())


GOOD = {"id": "ok", "messages": ["hi"]}


@pytest.mark.parametrize("top, cases, expected", [
    ({"name": ""}, [GOOD], [("name", "must be a non-empty string")]),
    ({"description": 5, "tags": "x", "version": 2}, [GOOD],
     [("version", "is not a scenario field (known: name, description, tags, cases)"),
      ("description", "must be a string"), ("tags", "must be a list of non-empty strings")]),
    ({}, [], [("cases", "must have at least one case")]),
    ({}, ["hi"], [("cases[0]", "must be an object")]),
    ({}, [{"messages": ["x"]}], [("cases[0].id", "is required")]),
    ({}, [GOOD, {"id": "ok", "messages": ["y"]}],
     [("cases[1].id", "duplicate id 'ok' (also cases[0])")]),
    ({}, [{"id": "a", "messages": []}], [("cases[0].messages", "must be a non-empty list of "
                                                                "messages")]),
    ({}, [{"id": "a", "messages": ["x", " "]}], [("cases[0].messages[1]",
                                                   "must be a non-empty string")]),
    ({}, [{"id": "a"}], [("cases[0].messages", "is required")]),
    ({}, [{"id": "a", "message": "x", "messages": ["y"]}],
     [("cases[0].message", "give either messages or message, not both")]),
    ({}, [{"id": "a", "messages": ["x", "y"], "type": "single_turn"}],
     [("cases[0].type", "a single-turn case has exactly one message (this one has 2); "
                        "use multi_turn")]),
    ({}, [{**GOOD, "type": "chat"}], [("cases[0].type", "must be one of: SINGLE_TURN, "
                                                        "MULTI_TURN, SIMULATED")]),
    ({}, [{**GOOD, "rule_logic": "most"}], [("cases[0].rule_logic",
                                             "must be one of: ALL, ANY, WEIGHTED")]),
    ({}, [{**GOOD, "rule_pass_threshold": 1.2, "success_threshold": "high"}],
     [("cases[0].rule_pass_threshold", "must be between 0 and 1"),
      ("cases[0].success_threshold", "must be a number")]),
    ({}, [{**GOOD, "success_threshold": 0.4, "partial_threshold": 0.6}],
     [("cases[0].partial_threshold", "must be ≤ success_threshold (0.4)")]),
    ({}, [{**GOOD, "tags": ["a", 1]}], [("cases[0].tags[1]", "must be a non-empty string")]),
    ({}, [{**GOOD, "eval_rule": []}],
     [("cases[0].eval_rule", "is not a case field (known: id, type, messages, expectation, "
                             "eval_rules, rule_logic, rule_pass_threshold, success_threshold, "
                             "partial_threshold, tags, message, tool_results, persona, goal, "
                             "opening, max_turns, stop_when, follow_ups, simulator, origin)")]),
    ({}, [{**GOOD, "expectation": {"contains": 3, "regexp": "x"}}],
     [("cases[0].expectation.contains", "must be a string or a non-empty list of strings"),
      ("cases[0].expectation.regexp", "unknown expectation (known: contains, not_contains, "
                                      "max_latency_ms, json, regex)")]),
])
def test_bad_fields_are_reported_by_path(top, cases, expected):
    errors = errors_of(doc(*cases, **top))
    assert [(e["path"], e["message"]) for e in errors] == expected


def rule_case(*rules, **fields):
    return {"id": "r", "messages": ["hi"], "eval_rules": list(rules), **fields}


@pytest.mark.parametrize("rules, fields, expected", [
    ([{"type": "foo"}], {}, [("cases[0].eval_rules[0].type", None)]),
    ([{"params": {}}], {}, [("cases[0].eval_rules[0].type", "is required")]),
    ([{"type": "safety", "weight": -1}], {}, [("cases[0].eval_rules[0].weight", "must be ≥ 0")]),
    ([{"type": "safety", "weight": "heavy"}], {},
     [("cases[0].eval_rules[0].weight", "must be a number")]),
    ([{"type": "safety", "priority": 1}], {},
     [("cases[0].eval_rules[0].priority", "is not a rule field (known: type, params, weight, scope)")]),
    (["keyword_match"], {}, [("cases[0].eval_rules[0]",
                              "must be an object with type, params and weight")]),
    ([{"type": "safety"}, {"type": "llm_score", "params": {"criteria": "c", "min_score": 11}}],
     {}, [("cases[0].eval_rules[1].params.min_score", "must be ≤ 10")]),
    ([{"type": "llm_score", "params": {"min_score": 7, "samples": 0}}], {},
     [("cases[0].eval_rules[0].params.criteria", "is required"),
      ("cases[0].eval_rules[0].params.samples", "must be ≥ 1")]),
    ([{"type": "keyword_match", "params": {"keywords": ["x"]}, "weight": 0}],
     {"rule_logic": "weighted"},
     [("cases[0].eval_rules", "weighted rule logic needs at least one rule with weight > 0")]),
])
def test_bad_rules_are_reported_by_path(rules, fields, expected):
    errors = errors_of(doc(rule_case(*rules, **fields)))
    assert [e["path"] for e in errors] == [path for path, _ in expected]
    for error, (_, message) in zip(errors, expected, strict=True):
        if message is not None:
            assert error["message"] == message


def test_unknown_rule_types_name_the_known_ones():
    [error] = errors_of(doc(rule_case({"type": "foo"})))
    assert error["message"].startswith("unknown rule type 'foo' (known: ")
    assert "keyword_match" in error["message"] and "llm_score" in error["message"]


def test_evaluation_scope_is_accepted_as_the_seed_spells_it():
    text = doc(rule_case({"type": "llm_score",
                          "params": {"criteria": "polite", "evaluation_scope": "full_dialog"}}))
    [case] = parse_scenario_document(text, RULE_CATALOG).cases
    assert case.eval_rules[0].params == {"criteria": "polite", "evaluation_scope": "full_dialog"}


def test_every_bad_case_is_reported_not_only_the_first():
    errors = errors_of(doc({"id": "a", "messages": []}, GOOD,
                           rule_case({"type": "response_time", "params": {"max_ms": -5}})))
    assert [e["path"] for e in errors] == ["cases[0].messages",
                                           "cases[2].eval_rules[0].params.max_ms"]


def test_stored_cases_are_rechecked_against_the_current_models():
    cases = [case_to_document(case) for case in parse_scenario_document(
        EXAMPLE.read_text(encoding="utf-8"), RULE_CATALOG).cases]
    revalidate_cases(cases, RULE_CATALOG, judge_configured=True)
    with pytest.raises(ValidationFailed) as caught:
        revalidate_cases(cases, RULE_CATALOG, judge_configured=False)
    assert caught.value.details[0]["path"] == "scenario.cases[0].eval_rules[0].type"


def test_rechecking_stored_cases_finds_rules_that_no_longer_validate() -> None:
    """Only the rules are re-checked (the rest cannot change since import), but every
    rule of every case is, each problem at its path."""
    good = RuleSpec("keyword_match", {"keywords": ["ok"]})
    cases = [CaseSpec(key="a", messages=["hi"], eval_rules=[good]),
             CaseSpec(key="b", messages=["hi"], eval_rules=[
                 good, RuleSpec("response_time", {"max_ms": -5}), RuleSpec("gone_rule", {})])]
    stored = [case_to_document(case) for case in cases]
    with pytest.raises(ValidationFailed) as caught:
        revalidate_cases(stored, RULE_CATALOG, judge_configured=True,
                         path="input.scenarioId.cases")
    assert [e["path"] for e in caught.value.details] == [
        "input.scenarioId.cases[1].eval_rules[1].params.max_ms",
        "input.scenarioId.cases[1].eval_rules[2].type"]
    revalidate_cases(stored[:1], RULE_CATALOG, judge_configured=False)
