"""`json_path`: check what the bot DID, by a JMESPath over its raw JSON response.

An HTTP bot answering `{"answer": "…", "actions": [{"type": "create_ticket", …}]}`
is checked on its actions, not only on its words:
`{"path": "actions[?type=='create_ticket'] | [0].priority", "op": "equals", "value": "high"}`.

Why JMESPath: one specification with a published compliance suite that every
implementation (Python, Go, JS, Java, .NET …) passes, so a path means the same thing
in AgentEval as in the bot team's own tooling (AWS CLI, Azure CLI, Ansible use it);
filters and projections (`actions[?type=='x']`) cover "did it create a ticket". The
Python package `jmespath` is small, pure Python, dependency-free and maintained.

`source: raw` (default) reads the turn's raw response as the target sent it (the HTTP
body's JSON); `source: reply` reads the first JSON value in the reply text instead.
Ops: `exists` (the path gives something other than null or an empty list),
`not_exists`, `equals` (== `value`), `contains` (a list holding `value`, or a string
holding it as a substring), `matches` (a string value re.search-es `value`),
`length` (`value` an integer, or `{"min": …, "max": …}`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import jmespath
from jmespath.exceptions import JMESPathError
from jmespath.parser import ParsedResult

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules import user_patterns
from agenteval.rules.base import ModelProvider
from agenteval.rules.model_free.json_extraction import find_json
from agenteval.rules.registry import register_rule

NAME = "json_path"
FOUND_CHARS = 300
Op = Literal["exists", "not_exists", "equals", "contains", "matches", "length"]
OPS = ("exists", "not_exists", "equals", "contains", "matches", "length")

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "path": {"type": "string", "minLength": 1,
                 "description": "a JMESPath expression, e.g. actions[?type=='create_ticket']"},
        "op": {"enum": list(OPS), "default": "exists",
               "description": "what to check of the value at the path"},
        "value": {"description": "equals / contains: the value; matches: a regular "
                                 "expression; length: an integer or {min, max}"},
        "source": {"enum": ["raw", "reply"], "default": "raw",
                   "description": "raw: the target's raw JSON response; reply: the JSON "
                                  "found in the reply text"},
    },
    "required": ["path"],
}


@functools.lru_cache(maxsize=512)
def compiled(path: str) -> ParsedResult:
    return jmespath.compile(path)


def check_params(params: dict[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    try:
        compiled(params["path"])
    except JMESPathError as exc:
        problems.append(("path", f"is not a valid JMESPath expression: {exc}"))
    op, value = params.get("op", "exists"), params.get("value")
    if op in ("equals", "contains", "matches", "length") and "value" not in params:
        problems.append(("value", f"is required for op {op}"))
    elif op == "matches":
        if not isinstance(value, str):
            problems.append(("value", "must be a regular expression string for op matches"))
        else:
            problem = user_patterns.pattern_problem(value)
            if problem:
                problems.append(("value", problem))
    elif op == "length" and not _length_bounds(value):
        problems.append(("value", "must be an integer ≥ 0 or {min, max} for op length"))
    return problems


def _length_bounds(value: Any) -> tuple[int, int | None] | None:
    def count(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and v >= 0
    if count(value):
        return value, value
    if isinstance(value, dict) and value and set(value) <= {"min", "max"} and all(
            count(v) for v in value.values()):
        return value.get("min", 0), value.get("max")
    return None


def _excerpt(value: Any) -> Any:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return value if len(text) <= FOUND_CHARS else text[:FOUND_CHARS - 1] + "…"


@register_rule(name=NAME, description="What the bot did: a JMESPath over the raw JSON "
               "response (or the reply's JSON) exists / equals / contains / matches / has a "
               "length. Score 1 or 0.", scope="last_turn", params_schema=PARAMS_SCHEMA,
               check_params=check_params)
@dataclass(frozen=True)
class JsonPath:
    path: str
    op: Op = "exists"
    value: Any = None
    source: Literal["raw", "reply"] = "raw"

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        document = self.document(dialog)
        if isinstance(document, RuleResult):
            return document
        found = compiled(self.path).search(document)
        passed = self.holds(found)
        detail: dict[str, Any] = {"path": self.path, "op": self.op, "found": _excerpt(found),
                                  "source": self.source}
        if self.op not in ("exists", "not_exists"):
            detail["expected"] = self.value
        return RuleResult(NAME, passed=passed, score=1.0 if passed else 0.0, detail=detail)

    def document(self, dialog: Sequence[Turn]) -> Any:
        """The JSON the path reads, or a failing verdict saying why there is none."""
        def failing(reason: str) -> RuleResult:
            return RuleResult(NAME, passed=False, score=0.0,
                              detail={"reason": reason, "path": self.path, "op": self.op})
        if not dialog:
            return failing("the dialog has no turns to evaluate")
        turn = dialog[-1]
        if turn.error is not None or turn.reply is None:
            return failing(f"no response to evaluate ({turn.error or 'no reply'})")
        if self.source == "reply":
            found = find_json(turn.reply)
            return found.value if found else failing("the reply holds no JSON")
        raw = turn.raw
        if raw is None:
            return failing("the target's raw response was not kept for this turn")
        if isinstance(raw, str):  # a text body, or a JSON body cut at the stored limit
            try:
                return json.loads(raw)
            except ValueError:
                return failing("the raw response is not JSON (or was cut at "
                               "AGENTEVAL_MAX_REPLY_CHARS)")
        return raw

    def holds(self, found: Any) -> bool:
        present = found is not None and found != []
        if self.op == "exists":
            return present
        if self.op == "not_exists":
            return not present
        if self.op == "equals":
            return bool(found == self.value)
        if self.op == "contains":
            if isinstance(found, list):
                return self.value in found
            return isinstance(found, str) and isinstance(self.value, str) and \
                self.value in found
        if self.op == "matches":
            return isinstance(found, str) and user_patterns.search(self.value, found)
        bounds = _length_bounds(self.value)
        if bounds is None or not isinstance(found, list | str | dict):
            return False
        low, high = bounds
        return len(found) >= low and (high is None or len(found) <= high)
