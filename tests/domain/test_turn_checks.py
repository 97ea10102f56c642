"""Per-turn checks: messages written as {user, expect, eval_rules}, judged at their turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agenteval.domain.judging.cases import Turn
from agenteval.domain.judging.judgement import judge_case
from agenteval.domain.static.scenario_document import (
    case_from_document,
    case_to_document,
    parse_scenario_document,
    revalidate_cases,
    scenario_to_document,
    validate_case_inputs,
)
from agenteval.errors import ValidationFailed
from agenteval.rules import NO_MODELS, RULE_CATALOG
from agenteval.rules.case_rules import judge_rules

ROOT = Path(__file__).parents[2]
GOLDEN = Path(__file__).parent / "golden" / "booking_export_before_turn_checks.json"

PER_TURN = {"name": "per turn", "cases": [{
    "id": "flow", "type": "multi_turn", "rule_logic": "any",
    "messages": [
        "hello",
        {"user": "book a repair", "expect": {"contains": "address", "regex": r"\bstreet\b"}},
        {"user": "12 Main street",
         "eval_rules": [{"type": "keyword_match", "params": {"keywords": ["confirmed"]}}]},
    ],
    "eval_rules": [{"type": "keyword_match", "params": {"keywords": ["bye"]}}]}]}


def parse(document: dict):
    return parse_scenario_document(json.dumps(document), RULE_CATALOG)


def turns(*replies: str) -> list[Turn]:
    return [Turn(i, f"m{i}", reply, 10) for i, reply in enumerate(replies)]


def test_an_old_shape_scenario_exports_byte_identical_to_before_per_turn_checks():
    # The golden file is this scenario exported by the code before per-turn checks existed.
    document = parse(json.loads((ROOT / "examples" / "scenarios" / "booking.json").read_text()))
    exported = json.dumps(scenario_to_document(document.name, document.description,
                                               document.cases), ensure_ascii=False, indent=2)
    assert exported + "\n" == GOLDEN.read_text()


def test_message_objects_parse_into_turn_checks_and_export_back_the_same():
    case = parse(PER_TURN).cases[0]
    assert case.messages == ["hello", "book a repair", "12 Main street"]
    assert sorted(case.turn_checks) == [1, 2]
    assert case.turn_checks[1].expect == {"contains": "address", "regex": r"\bstreet\b"}
    assert case.turn_checks[2].eval_rules[0].type == "keyword_match"
    stored = case_to_document(case)
    assert stored["messages"][0] == "hello"
    assert stored["messages"][1] == PER_TURN["cases"][0]["messages"][1]
    assert case_from_document(stored) == case
    assert parse({"name": "again", "cases": [stored]}).cases[0] == case
    revalidate_cases([stored], RULE_CATALOG, judge_configured=True)


@pytest.mark.parametrize("message, path, text", [
    ({"expect": {"contains": "x"}}, "cases[0].messages[1].user", "is required"),
    ({"user": "hi", "expected": {}}, "cases[0].messages[1].expected", "is not a message field"),
    ({"user": "hi", "expect": {"regex": "("}}, "cases[0].messages[1].expect.regex",
     "is not a valid regular expression"),
    ({"user": "hi", "eval_rules": [{"type": "keyword_match", "params": {"keywords": ["a"]},
                                    "scope": "full_dialog"}]},
     "cases[0].messages[1].eval_rules[0].scope", "a message's rules judge that message's turn"),
    ({"user": "hi", "eval_rules": [{"type": "nope"}]}, "cases[0].messages[1].eval_rules[0].type",
     "unknown rule type"),
])
def test_bad_message_objects_are_reported_by_path(message, path, text):
    document = {"name": "bad", "cases": [{"id": "c", "messages": ["a", message]}]}
    with pytest.raises(ValidationFailed) as raised:
        parse(document)
    errors = {e["path"]: e["message"] for e in raised.value.errors}
    assert path in errors, errors
    assert text.casefold() in errors[path].casefold()


def test_scope_turn_is_refused_on_a_case_rule_and_others_are_kept():
    rule = {"type": "keyword_match", "params": {"keywords": ["a"]}}
    with pytest.raises(ValidationFailed) as raised:
        parse({"name": "s", "cases": [{"id": "c", "message": "a",
                                       "eval_rules": [{**rule, "scope": "turn"}]}]})
    assert raised.value.errors[0]["path"] == "cases[0].eval_rules[0].scope"
    case = parse({"name": "s", "cases": [{"id": "c", "message": "a",
                                          "eval_rules": [{**rule, "scope": "last_turn"}]}]}).cases[0]
    assert case.eval_rules[0].scope == "last_turn"
    assert case_to_document(case)["eval_rules"][0]["scope"] == "last_turn"


def test_graphql_inputs_carry_turn_checks_beside_the_messages():
    cases = validate_case_inputs([{
        "key": "c", "messages": ["a", "b"],
        "turnChecks": [{"turnIndex": 0, "expect": {"contains": "x"}, "evalRules": []}]}],
        RULE_CATALOG, judge_configured=True)
    assert cases[0].turn_checks[0].expect == {"contains": "x"}
    with pytest.raises(ValidationFailed) as raised:
        validate_case_inputs([{"key": "c", "messages": ["a"],
                               "turnChecks": [{"turnIndex": 3, "expect": {"contains": "x"}}]}],
                             RULE_CATALOG, judge_configured=True)
    assert raised.value.errors[0]["path"] == "input.cases[0].turnChecks[0].turnIndex"


async def test_each_check_judges_the_reply_of_its_own_turn_and_says_which():
    case = parse(PER_TURN).cases[0]
    dialog = turns("hi there", "your street address please", "sorry, no slot", "bye")
    results = await judge_rules(case, dialog, NO_MODELS)
    by_turn = [(r.rule_type, r.turn_index, r.passed) for r in results]
    assert by_turn == [("keyword_match", None, True),
                       ("expect_contains", 1, True), ("expect_regex", 1, True),
                       ("keyword_match", 2, False)]
    assert results[3].stored_detail()["turn_index"] == 2
    assert "turn_index" not in results[0].stored_detail()
    # rule_logic "any": the last-turn rule passing is enough for the eval rules
    assert judge_case(case, results).passed


async def test_a_failed_per_turn_expect_fails_the_case_whatever_the_rule_logic():
    case = parse(PER_TURN).cases[0]
    dialog = turns("hi there", "what do you need?", "confirmed", "bye")
    results = await judge_rules(case, dialog, NO_MODELS)
    failed = [(r.rule_type, r.turn_index) for r in results if not r.passed]
    assert failed == [("expect_contains", 1), ("expect_regex", 1)]
    verdict = judge_case(case, results)
    assert not verdict.passed and verdict.success_level == "FAILURE"


def test_tool_results_are_validated_and_kept_through_export():
    case = parse({"name": "t", "cases": [{"id": "c", "message": "refund",
                                          "tool_results": {"lookup_order": {"calls": [
                                              {"status": "shipped"}, {"status": "lost"}]}}}]}
                 ).cases[0]
    stored = case_to_document(case)
    assert stored["tool_results"] == {"lookup_order": {"calls": [{"status": "shipped"},
                                                                 {"status": "lost"}]}}
    assert case_from_document(stored) == case
    assert "tool_results" not in case_to_document(parse(PER_TURN).cases[0])
    with pytest.raises(ValidationFailed) as raised:
        parse({"name": "t", "cases": [{"id": "c", "message": "x",
                                       "tool_results": {"lookup_order": {"calls": []}}}]})
    assert raised.value.errors[0]["path"] == "cases[0].tool_results.lookup_order.calls"


def test_the_channel_hands_out_supplied_results_call_by_call():
    from agenteval.channels.tool_calls import ToolResults, calls_of
    results = ToolResults({"lookup_order": {"calls": [1, 2]}, "ping": {"ok": True}})
    assert [results.result_for("lookup_order") for _ in range(3)] == [1, 2, 2]
    assert results.result_for("ping") == {"ok": True}
    assert "supplies no result" in results.result_for("other")["error"]
    [call] = calls_of({"tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "ping", "arguments": "{\"a\": 1}"}}]})
    assert (call.name, call.arguments, call.call_id) == ("ping", {"a": 1}, "c1")


def test_a_declared_case_scope_must_be_what_the_rule_judges():
    rule = {"type": "keyword_match", "params": {"keywords": ["a"]}, "scope": "full_dialog"}
    with pytest.raises(ValidationFailed) as raised:
        parse({"name": "s", "cases": [{"id": "c", "message": "a", "eval_rules": [rule]}]})
    assert raised.value.errors == [{"path": "cases[0].eval_rules[0].scope",
                                    "message": "rule 'keyword_match' judges last_turn here"}]
