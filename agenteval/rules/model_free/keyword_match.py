"""`keyword_match`: does the last reply mention the keywords (substrings or regexes)?"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules import user_patterns
from agenteval.rules.base import ModelProvider, last_reply_or_failure
from agenteval.rules.registry import register_rule

NAME = "keyword_match"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "keywords": {"type": "array", "items": {"type": "string", "minLength": 1},
                     "minItems": 1, "description": "words or phrases to look for"},
        "mode": {"enum": ["any", "all"], "default": "any",
                 "description": "any: one keyword is enough; all: every keyword must appear"},
        "case_sensitive": {"type": "boolean", "default": False},
        "regex": {"type": "boolean", "default": False,
                  "description": "treat keywords as regular expressions (searched with RE2: no lookaround or backreferences)"},
        "min_ratio": {"type": "number", "minimum": 0, "maximum": 1,
                      "description": "when set, passed = matched share ≥ min_ratio "
                                     "(overrides mode)"},
    },
    "required": ["keywords"],
}


def check_regexes(params: dict[str, Any]) -> list[tuple[str, str]]:
    if not params.get("regex"):
        return []
    problems = []
    for index, pattern in enumerate(params["keywords"]):
        problem = user_patterns.pattern_problem(pattern)
        if problem:
            problems.append((f"keywords[{index}]", problem))
    return problems


@register_rule(name=NAME, description="The last reply contains the keywords "
               "(any or all; substring or regex). Score: share of keywords matched.",
               scope="last_turn", params_schema=PARAMS_SCHEMA, check_params=check_regexes)
@dataclass(frozen=True)
class KeywordMatch:
    keywords: list[str]
    mode: Literal["any", "all"] = "any"
    case_sensitive: bool = False
    regex: bool = False
    min_ratio: float | None = None

    def mentions(self, reply: str, keyword: str) -> bool:
        if self.regex:
            return user_patterns.search(keyword, reply, ignore_case=not self.case_sensitive)
        if self.case_sensitive:
            return keyword in reply
        return keyword.casefold() in reply.casefold()

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        reply = last_reply_or_failure(NAME, dialog)
        if isinstance(reply, RuleResult):
            return reply
        matched = [k for k in self.keywords if self.mentions(reply, k)]
        missing = [k for k in self.keywords if k not in matched]
        ratio = len(matched) / len(self.keywords)
        if self.min_ratio is not None:
            passed = ratio >= self.min_ratio
        elif self.mode == "all":
            passed = not missing
        else:
            passed = bool(matched)
        detail: dict[str, Any] = {"matched": matched, "missing": missing, "mode": self.mode}
        if self.min_ratio is not None:
            detail["min_ratio"] = self.min_ratio
        return RuleResult(NAME, passed=passed, score=ratio, detail=detail)
