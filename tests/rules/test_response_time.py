"""response_time: passed within max_ms; score min(1, max_ms / latency)."""

from __future__ import annotations

import pytest

from agenteval.rules import NO_MODELS
from agenteval.rules.model_free.response_time import ResponseTime
from tests.support.turns import reply_turn


@pytest.mark.parametrize("latency, max_ms, passed, score", [
    (500, 1000, True, 1.0),
    (1000, 1000, True, 1.0),
    (2000, 1000, False, 0.5),
    (4000, 1000, False, 0.25),
    (0, 1000, True, 1.0),
])
async def test_response_time(case, latency, max_ms, passed, score):
    result = await ResponseTime(max_ms=max_ms).evaluate(case, [reply_turn("ok", latency)],
                                                        NO_MODELS)
    assert (result.passed, result.score) == (passed, score)
    assert result.detail == {"latency_ms": latency, "max_ms": max_ms}


async def test_an_unmeasured_latency_fails(case):
    result = await ResponseTime(max_ms=10).evaluate(case, [reply_turn("ok", None)], NO_MODELS)
    assert not result.passed and result.detail["reason"] == "the last turn has no measured latency"


async def test_an_error_turn_fails_even_when_fast(case):
    dialog = [reply_turn(None, latency_ms=5, error="http_status 500")]
    result = await ResponseTime(max_ms=1000).evaluate(case, dialog, NO_MODELS)
    assert not result.passed
    assert result.detail["reason"] == "no reply to evaluate (target error: http_status 500)"
