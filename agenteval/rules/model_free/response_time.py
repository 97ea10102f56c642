"""`response_time`: did the last reply arrive within `max_ms`?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules.base import ModelProvider, last_reply_or_failure
from agenteval.rules.registry import register_rule

NAME = "response_time"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "max_ms": {"type": "number", "exclusiveMinimum": 0,
                   "description": "slowest acceptable reply, in milliseconds"},
    },
    "required": ["max_ms"],
}


def latency_score(latency_ms: float, max_ms: float) -> float:
    """min(1, max_ms / latency): 1 within the limit, shrinking as the reply gets slower."""
    if latency_ms <= 0:
        return 1.0
    return min(1.0, max_ms / latency_ms)


@register_rule(name=NAME, description="The last reply's latency is at most max_ms. "
               "Score: min(1, max_ms / latency).",
               scope="last_turn", params_schema=PARAMS_SCHEMA)
@dataclass(frozen=True)
class ResponseTime:
    max_ms: float

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        reply = last_reply_or_failure(NAME, dialog)
        if isinstance(reply, RuleResult):
            return reply
        latency = dialog[-1].latency_ms
        if latency is None:
            return RuleResult(NAME, passed=False, score=0.0,
                              detail={"reason": "the last turn has no measured latency",
                                      "max_ms": self.max_ms})
        return RuleResult(NAME, passed=latency <= self.max_ms,
                          score=latency_score(latency, self.max_ms),
                          detail={"latency_ms": latency, "max_ms": self.max_ms})
