"""`tool_call`: did the bot call a tool — or not — with the right arguments, in the right order?

Reads the tool calls an `openai_chat` target with `tools` made (`Turn.tool_calls`).
`over: dialog` (default) looks at every turn the rule is given (a message's rule: up to
that message), `over: last_turn` only at the last. Checks, all that are given must hold:
`called` (true: at least once; false: never), `arguments` (some call's arguments hold
these values, compared as JSON), `arguments_match` (some call's arguments, as text,
re.search these patterns — the same call as `arguments`), `after` (a call of this tool
comes after a call of that one), `max_times` (called at most N times).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules import user_patterns
from agenteval.rules.base import ModelProvider
from agenteval.rules.registry import register_rule

NAME = "tool_call"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "name": {"type": "string", "minLength": 1, "description": "the tool's name"},
        "called": {"type": "boolean", "default": True,
                   "description": "true: called at least once; false: never called"},
        "arguments": {"type": "object", "description": "values some call's arguments must "
                                                       "have (key → value)"},
        "arguments_match": {"type": "object", "additionalProperties": {"type": "string"},
                            "description": "key → regular expression the argument (as "
                                           "text) must match, on the same call"},
        "after": {"type": "string", "minLength": 1,
                  "description": "a call of this tool must come after a call of that tool"},
        "max_times": {"type": "integer", "minimum": 0, "description": "called at most N times"},
        "over": {"enum": ["dialog", "last_turn"], "default": "dialog",
                 "description": "the calls of every turn given, or of the last turn only"},
    },
    "required": ["name"],
}


def check_params(params: dict[str, Any]) -> list[tuple[str, str]]:
    problems = []
    for key, pattern in (params.get("arguments_match") or {}).items():
        problem = user_patterns.pattern_problem(pattern)
        if problem:
            problems.append((f"arguments_match.{key}", problem))
    if params.get("called") is False and any(k in params for k in (
            "arguments", "arguments_match", "after")):
        problems.append(("called", "a tool that must not be called has no arguments or order"))
    return problems


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


@register_rule(name=NAME, description="What the bot did: an openai_chat target's tool calls — "
               "called or not, arguments, order, at most N times. Score 1 or 0.",
               scope="full_dialog", params_schema=PARAMS_SCHEMA, check_params=check_params)
@dataclass(frozen=True)
class ToolCallRule:
    name: str
    called: bool = True
    arguments: dict[str, Any] | None = None
    arguments_match: dict[str, str] | None = None
    after: str | None = None
    max_times: int | None = None
    over: Literal["dialog", "last_turn"] = "dialog"

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        turns = list(dialog[-1:] if self.over == "last_turn" else dialog)
        if any(turn.tool_calls is None and turn.error is None for turn in turns) and not any(
                turn.tool_calls for turn in turns):
            return RuleResult(NAME, passed=False, score=0.0, detail={
                "reason": "no tool calls were recorded: the target is not an openai_chat "
                          "target with tools", "name": self.name})
        sequence = [(turn.index, call) for turn in turns for call in turn.tool_calls or []]
        mine = [(index, call) for index, call in sequence if call.get("name") == self.name]
        problems = self.problems(sequence, mine)
        detail: dict[str, Any] = {
            "name": self.name, "times": len(mine),
            "calls": [{"turn_index": index, "name": call.get("name"),
                       "arguments": call.get("arguments")} for index, call in sequence],
        }
        if problems:
            detail["problems"] = problems
        return RuleResult(NAME, passed=not problems, score=0.0 if problems else 1.0,
                          detail=detail)

    def problems(self, sequence: list[tuple[int, dict[str, Any]]],
                 mine: list[tuple[int, dict[str, Any]]]) -> list[str]:
        if not self.called:
            return [f"{self.name} was called {len(mine)} time(s); it must not be"] if mine else []
        if not mine:
            return [f"{self.name} was never called"]
        problems = []
        if (self.arguments or self.arguments_match) and not any(
                self.arguments_hold(call.get("arguments")) for _, call in mine):
            wanted = {**(self.arguments or {}),
                      **{k: f"~/{p}/" for k, p in (self.arguments_match or {}).items()}}
            problems.append(f"no call of {self.name} had arguments {_text(wanted)}")
        if self.after is not None:
            positions = [i for i, (_, call) in enumerate(sequence) if call.get("name") == self.after]
            last_mine = max(i for i, (_, call) in enumerate(sequence)
                            if call.get("name") == self.name)
            if not positions or min(positions) > last_mine:
                problems.append(f"{self.name} was not called after {self.after}")
        if self.max_times is not None and len(mine) > self.max_times:
            problems.append(f"{self.name} was called {len(mine)} times; at most "
                            f"{self.max_times} allowed")
        return problems

    def arguments_hold(self, arguments: Any) -> bool:
        if not isinstance(arguments, dict):
            return False
        for key, value in (self.arguments or {}).items():
            if key not in arguments or arguments[key] != value:
                return False
        for key, pattern in (self.arguments_match or {}).items():
            if key not in arguments or not user_patterns.search(pattern, _text(arguments[key])):
                return False
        return True
