"""`json_schema`: does the last reply hold JSON that satisfies a JSON Schema?"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from agenteval.domain.cases import CaseSpec, RuleResult, Turn
from agenteval.rules.base import ModelProvider, last_reply_or_failure
from agenteval.rules.json_extraction import json_verdict
from agenteval.rules.registry import register_rule

NAME = "json_schema"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "schema": {"type": ["object", "boolean"],
                   "description": "JSON Schema (2020-12) the reply's JSON must satisfy"},
    },
    "required": ["schema"],
}


def schema_problem(schema: Any) -> str | None:
    """Why `schema` is not a usable JSON Schema, or None when it is.

    Only references inside the schema (`#/...`) are allowed: judging must not
    depend on fetching documents from elsewhere.
    """
    # The metaschema check costs ~1 ms, and run_rule re-checks params on every
    # case attempt: remember the verdict per schema text (issue #5 hot path).
    try:
        key = json.dumps(schema, sort_keys=True)
    except (TypeError, ValueError):
        return _schema_problem(schema)
    return _cached_schema_problem(key)


@functools.lru_cache(maxsize=1024)
def _cached_schema_problem(schema_json: str) -> str | None:
    return _schema_problem(json.loads(schema_json))


def _schema_problem(schema: Any) -> str | None:
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        return f"is not a valid JSON Schema: {exc.message}"
    for reference in _references(schema):
        if not reference.startswith("#"):
            return f"is not a usable JSON Schema: only local $ref (#/...) is supported, " \
                   f"not {reference!r}"
    return None


def _references(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("$ref", "$dynamicRef") and isinstance(value, str):
                yield value
            else:
                yield from _references(value)
    elif isinstance(node, list):
        for item in node:
            yield from _references(item)


def check_schema_param(params: dict[str, Any]) -> list[tuple[str, str]]:
    problem = schema_problem(params["schema"])
    return [("schema", problem)] if problem else []


@register_rule(name=NAME, description="The last reply contains JSON (whole reply, a ```json "
               "block or an embedded {...}/[...]) valid against a JSON Schema. "
               "Score: 1 when valid, else 0; detail lists each violation by path.",
               scope="last_turn", params_schema=PARAMS_SCHEMA, check_params=check_schema_param)
@dataclass(frozen=True)
class JsonSchemaRule:
    schema: dict[str, Any] | bool

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        reply = last_reply_or_failure(NAME, dialog)
        if isinstance(reply, RuleResult):
            return reply
        passed, detail = json_verdict(reply, self.schema)
        return RuleResult(NAME, passed=passed, score=1.0 if passed else 0.0, detail=detail)
