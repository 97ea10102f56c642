"""keyword_match: share of keywords found in the last reply; passed by mode or min_ratio."""

from __future__ import annotations

import pytest

from agenteval.rules import NO_MODELS
from agenteval.rules.model_free.keyword_match import KeywordMatch
from tests.support.turns import reply_turn


@pytest.mark.parametrize("params, reply, passed, score, matched, missing", [
    ({"keywords": ["help", "refund"]}, "We can help you.", True, 0.5, ["help"], ["refund"]),
    ({"keywords": ["help", "refund"], "mode": "all"}, "We can help you.", False, 0.5,
     ["help"], ["refund"]),
    ({"keywords": ["help", "refund"], "mode": "all"}, "Help with a REFUND", True, 1.0,
     ["help", "refund"], []),
    ({"keywords": ["Refund"], "case_sensitive": True}, "refund", False, 0.0, [], ["Refund"]),
    ({"keywords": ["预约成功", "维修"]}, "您的维修预约成功了", True, 1.0, ["预约成功", "维修"], []),
    ({"keywords": [r"\d{11}", "电话"], "regex": True}, "号码 13800138000", True, 0.5,
     [r"\d{11}"], ["电话"]),
    ({"keywords": ["a", "b", "c"], "min_ratio": 0.6}, "a b", True, 2 / 3, ["a", "b"], ["c"]),
    ({"keywords": ["a", "b", "c"], "min_ratio": 0.7}, "a b", False, 2 / 3, ["a", "b"], ["c"]),
    ({"keywords": ["x"]}, "", False, 0.0, [], ["x"]),
])
async def test_keyword_match(case, params, reply, passed, score, matched, missing):
    result = await KeywordMatch(**params).evaluate(case, [reply_turn(reply)], NO_MODELS)
    assert (result.passed, result.score) == (passed, pytest.approx(score))
    assert result.detail["matched"] == matched and result.detail["missing"] == missing
    assert result.detail["mode"] == params.get("mode", "any")


async def test_only_the_last_turn_counts(case):
    dialog = [reply_turn("refund here", index=0), reply_turn("bye", index=1)]
    result = await KeywordMatch(keywords=["refund"]).evaluate(case, dialog, NO_MODELS)
    assert not result.passed


async def test_an_error_turn_fails_with_the_reason(case, error_dialog):
    result = await KeywordMatch(keywords=["x"]).evaluate(case, error_dialog, NO_MODELS)
    assert (result.passed, result.score, result.error) == (False, 0.0, None)
    assert result.detail["reason"] == "no reply to evaluate (target error: timeout)"


async def test_an_empty_dialog_fails_with_the_reason(case):
    result = await KeywordMatch(keywords=["x"]).evaluate(case, [], NO_MODELS)
    assert not result.passed and "no turns" in result.detail["reason"]
