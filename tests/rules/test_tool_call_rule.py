"""`tool_call`: called / not called, argument matchers, order, at most N times."""

from __future__ import annotations

import pytest

from agenteval.domain.judging.cases import CaseSpec, RuleSpec, Turn
from agenteval.rules import NO_MODELS, run_rule, validate_rule_params

CASE = CaseSpec(key="c", messages=["a", "b"])
DIALOG = [
    Turn(0, "where is my order", "Let me look.", 10,
         tool_calls=[{"name": "lookup_order", "arguments": {"order_id": "A-17"}}]),
    Turn(1, "refund it", "Refund started.", 10,
         tool_calls=[{"name": "create_ticket", "arguments": {"kind": "return", "order_id": "A-17"}},
                     {"name": "create_ticket", "arguments": {"kind": "return", "order_id": "A-17"}}]),
]


async def judge(params, dialog=DIALOG):
    return await run_rule(RuleSpec("tool_call", params), CASE, dialog, NO_MODELS)


@pytest.mark.parametrize("params, passed", [
    ({"name": "lookup_order"}, True),
    ({"name": "delete_account"}, False),
    ({"name": "delete_account", "called": False}, True),
    ({"name": "create_ticket", "called": False}, False),
    ({"name": "create_ticket", "arguments": {"kind": "return"}}, True),
    ({"name": "create_ticket", "arguments": {"kind": "repair"}}, False),
    ({"name": "create_ticket", "arguments_match": {"order_id": "^A-\\d+$"}}, True),
    ({"name": "create_ticket", "after": "lookup_order"}, True),
    ({"name": "lookup_order", "after": "create_ticket"}, False),
    ({"name": "create_ticket", "max_times": 1}, False),
    ({"name": "create_ticket", "max_times": 2}, True),
    ({"name": "lookup_order", "over": "last_turn"}, False),
])
async def test_the_checks(params, passed):
    result = await judge(params)
    assert (result.passed, result.error) == (passed, None), result.detail


async def test_a_failure_names_the_problem_and_the_calls_made():
    result = await judge({"name": "create_ticket", "max_times": 1})
    assert result.detail["problems"] == ["create_ticket was called 2 times; at most 1 allowed"]
    assert [c["turn_index"] for c in result.detail["calls"]] == [0, 1, 1]


async def test_a_target_without_tools_is_a_failure_that_says_so():
    result = await judge({"name": "x", "called": False}, [Turn(0, "a", "b", 10)])
    assert not result.passed and "not an openai_chat target with tools" in result.detail["reason"]


def test_bad_params_are_refused():
    paths = [e["path"] for e in validate_rule_params(
        "tool_call", {"name": "x", "arguments_match": {"a": "("}}, "p")]
    assert paths == ["p.arguments_match.a"]
    assert validate_rule_params("tool_call", {"name": "x", "called": False,
                                              "arguments": {"a": 1}}, "p")[0]["path"] == "p.called"
