"""`json_path`: JMESPath checks over the target's raw JSON response (what the bot did)."""

from __future__ import annotations

import pytest

from agenteval.domain.judging.cases import CaseSpec, RuleSpec, Turn
from agenteval.domain.limits import InputLimits, bounded_raw, configure, current
from agenteval.domain.static.outcome_explanation import rule_reason
from agenteval.rules import NO_MODELS, run_rule, validate_rule_params

BODY = {"answer": "Ticket opened.",
        "actions": [{"type": "lookup_order", "order": "A-1"},
                    {"type": "create_ticket", "priority": "high", "tags": ["refund", "vip"]}]}
CASE = CaseSpec(key="c", messages=["refund please"])


def turn(raw=BODY, reply="Ticket opened.") -> list[Turn]:
    return [Turn(0, "refund please", reply, 20, raw=raw)]


async def judge(params, dialog=None):
    return await run_rule(RuleSpec("json_path", params), CASE, dialog or turn(), NO_MODELS)


@pytest.mark.parametrize("params, passed", [
    ({"path": "actions[?type=='create_ticket']"}, True),
    ({"path": "actions[?type=='delete_account']"}, False),
    ({"path": "actions[?type=='delete_account']", "op": "not_exists"}, True),
    ({"path": "actions[?type=='create_ticket'] | [0].priority", "op": "equals",
      "value": "high"}, True),
    ({"path": "actions[?type=='create_ticket'] | [0].priority", "op": "equals",
      "value": "low"}, False),
    ({"path": "actions[].type", "op": "contains", "value": "lookup_order"}, True),
    ({"path": "answer", "op": "contains", "value": "opened"}, True),
    ({"path": "answer", "op": "matches", "value": "^Ticket\\b"}, True),
    ({"path": "actions", "op": "length", "value": 2}, True),
    ({"path": "actions", "op": "length", "value": {"max": 1}}, False),
    ({"path": "actions[1].tags", "op": "length", "value": {"min": 1, "max": 3}}, True),
])
async def test_ops_over_the_raw_body(params, passed):
    result = await judge(params)
    assert (result.passed, result.score, result.error) == (passed, float(passed), None)


async def test_a_failure_says_what_the_path_gave():
    result = await judge({"path": "actions[?type=='create_ticket'] | [0].priority",
                          "op": "equals", "value": "low"})
    assert result.detail["found"] == "high"
    reason = rule_reason({"rule_type": "json_path", "implicit": False, "passed": False,
                          "score": 0.0, "weight": 1.0, "detail": result.stored_detail(),
                          "error": None})
    assert reason == ("expected actions[?type=='create_ticket'] | [0].priority (raw JSON) "
                      'to equal "low"; got "high"')


async def test_source_reply_reads_the_json_in_the_reply_text():
    dialog = turn(raw=None, reply='Done: {"status": "ok"}')
    assert (await judge({"path": "status", "op": "equals", "value": "ok",
                         "source": "reply"}, dialog)).passed
    missing = await judge({"path": "status"}, dialog)
    assert not missing.passed and "raw response was not kept" in missing.detail["reason"]


async def test_a_cut_raw_response_is_a_failure_that_says_so():
    before = current()
    configure(InputLimits(reply_chars=50))
    try:
        raw = bounded_raw({"answer": "x" * 200, "actions": []})
    finally:
        configure(before)
    assert isinstance(raw, str) and "truncated by AgentEval" in raw
    result = await judge({"path": "actions", "op": "not_exists"}, turn(raw=raw))
    assert not result.passed and "AGENTEVAL_MAX_REPLY_CHARS" in result.detail["reason"]


@pytest.mark.parametrize("params, path", [
    ({"path": "actions[?"}, "p.path"),
    ({"path": "a", "op": "equals"}, "p.value"),
    ({"path": "a", "op": "matches", "value": "("}, "p.value"),
    ({"path": "a", "op": "length", "value": {"least": 1}}, "p.value"),
    ({"path": "a", "op": "bigger"}, "p.op"),
])
def test_bad_params_are_refused_by_path(params, path):
    errors = validate_rule_params("json_path", params, "p")
    assert path in [e["path"] for e in errors], errors
