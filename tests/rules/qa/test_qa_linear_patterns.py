"""A scorecard author's regexes run on RE2 (issue 36): a catastrophic pattern finishes in
linear time on a long reply, and a pattern RE2 cannot run (lookaround, backreferences) is
refused when the scorecard is loaded, the item and the reason named, on every operator
that takes a pattern."""

from __future__ import annotations

import time
from typing import Any

import pytest

from agenteval.errors import ValidationFailed
from agenteval.rules import validate_rule_params
from agenteval.rules.qa.dialog import from_messages
from agenteval.rules.qa.scorecard_runner import compile_scorecard, load_scorecard, score_qa_dialog

# Python's `re` needs ~2^n steps for `(a+)+$` on n letters "a" and a final "!": at 40 it
# would not finish in hours; RE2 scans each of the 200,000 characters once.
CATASTROPHIC = r"(a+)+$"
LONG_REPLY = "a" * 200_000 + "!"


def scorecard(check: dict[str, Any]) -> dict[str, Any]:
    return {"name": "hostile", "version": 1, "items": [
        {"id": "greeting", "points": -1, "check": {"type": "qa_phrase", "params": {
            "phrases": ["您好"], "position": "first", "expect": "present"}}},
        {"id": "hostile_item", "points": -5, "check": check}]}


CATASTROPHIC_CHECKS = {
    "qa_phrase": {"type": "qa_phrase", "params": {
        "match": "regex", "expect": "absent", "phrases": [CATASTROPHIC]}},
    "qa_entity": {"type": "qa_entity", "params": {"pattern": CATASTROPHIC, "must": "contain"}},
    "qa_anchored": {"type": "qa_anchored", "params": {
        "anchor": {"role": "user", "phrases": ["退款"]},
        "then": {"match": "regex", "phrases": [CATASTROPHIC]}}},
    "qa_entity when": {"type": "qa_entity", "params": {
        "entity": "order_number", "when": {"match": "regex", "phrases": [CATASTROPHIC]}}},
    "qa_repetition": {"type": "qa_repetition", "params": {
        "check": "reasked_info", "slots": ["order_number"], "order_pattern": "(1+)+$"}},
}


@pytest.mark.parametrize("operator", sorted(CATASTROPHIC_CHECKS))
def test_a_catastrophic_pattern_finishes_fast_on_a_long_reply(operator: str) -> None:
    compiled = compile_scorecard(load_scorecard(scorecard(CATASTROPHIC_CHECKS[operator])))
    dialog = from_messages([
        {"role": "user", "content": "我要退款 " + LONG_REPLY + " 订单 " + "1" * 5000 + "x"},
        {"role": "assistant", "content": "您好 " + LONG_REPLY},
        {"role": "user", "content": "订单号 " + "1" * 5000 + "x"},
        {"role": "assistant", "content": "请提供订单号 " + LONG_REPLY}])
    started = time.perf_counter()
    result = score_qa_dialog(compiled, dialog)
    elapsed = time.perf_counter() - started
    assert elapsed < 1.0, elapsed
    assert {outcome.item_id for outcome in result.items} == {"greeting", "hostile_item"}


REFUSED = {
    "qa_phrase": ({"type": "qa_phrase", "params": {
        "match": "regex", "phrases": ["ok", r"(?<!not )booked"]}}, "phrases[1]"),
    "qa_entity": ({"type": "qa_entity", "params": {"pattern": r"rp\d{5}(?!\d)"}}, "pattern"),
    "qa_entity when": ({"type": "qa_entity", "params": {"entity": "phone", "when": {
        "match": "regex", "phrases": [r"(a)\1"]}}}, "when.phrases[0]"),
    "qa_anchored": ({"type": "qa_anchored", "params": {
        "anchor": {"match": "regex", "phrases": [r"(?=x)y"]},
        "then": {"phrases": ["ok"]}}}, "anchor.phrases[0]"),
    "qa_repetition": ({"type": "qa_repetition", "params": {
        "order_pattern": r"(?<![a-z])hc\d{10}"}}, "order_pattern"),
}


@pytest.mark.parametrize("operator", sorted(REFUSED))
def test_a_pattern_re2_cannot_run_is_refused_naming_the_item_and_the_reason(
        operator: str) -> None:
    check, field = REFUSED[operator]
    with pytest.raises(ValidationFailed) as refused:
        load_scorecard(scorecard(check))
    assert refused.value.code == "VALIDATION_FAILED"
    [problem] = refused.value.details
    assert problem["path"] == f"scorecard.items[1].check.params.{field}"
    assert problem["message"].startswith("item hostile_item: ")
    assert "RE2" in problem["message"] and "lookaround" in problem["message"]


def test_an_invalid_pattern_still_names_the_python_syntax_error() -> None:
    [problem] = validate_rule_params("qa_entity", {"pattern": "("})
    assert problem["path"] == "params.pattern"
    assert "is not a valid regular expression" in problem["message"]


def test_the_rewritten_patterns_keep_their_word_boundaries() -> None:
    """`\\b` on RE2 is ASCII: a Chinese character next to the reference is a boundary, a
    longer alphanumeric run is not (what the lookarounds said before)."""
    params = {"pattern": r"\b(?:rp|rt|cp)\s?\d{5}\b", "when": {"phrases": ["预约成功"]}}
    card = compile_scorecard(load_scorecard(scorecard({"type": "qa_entity", "params": params})))

    def status(reply: str) -> str:
        dialog = from_messages([{"role": "user", "content": "修"},
                                {"role": "assistant", "content": reply}])
        return {o.item_id: o.status for o in score_qa_dialog(card, dialog).items}["hostile_item"]

    assert status("您好，预约成功，单号RP31852。") == "no_hit"
    assert status("您好，预约成功，单号 rp 31852") == "no_hit"
    assert status("您好，预约成功，单号XRP31852") == "hit"
    assert status("您好，预约成功，单号RP318520") == "hit"
