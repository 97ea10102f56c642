"""`json_schema`: does the last reply hold JSON that satisfies a JSON Schema?"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.rules.base import ModelProvider, last_reply_or_failure
from agenteval.rules.model_free.json_extraction import find_json
from agenteval.rules.registry import register_rule
from agenteval.rules.schema_messages import schema_errors
from agenteval.rules.user_schemas import UserSchemaValidator, pattern_problems

NAME = "json_schema"
VALIDATOR_MEMORY = 256
_CANONICAL_JSON = json.JSONEncoder(sort_keys=True, allow_nan=False)

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
    for where, problem in pattern_problems(schema):
        return f"is not a usable JSON Schema: its pattern at {where or '.'} {problem}"
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


# Building a validator costs ~60 µs and every case attempt judges with the same few
# schemas: validators by canonical schema JSON, each with a private copy of its schema
# to compare (JSON text alone would confuse {1: …} with {"1": …}).
_validators: dict[str, tuple[Any, Draft202012Validator]] = {}


def validator_for(schema: dict[str, Any] | bool) -> Draft202012Validator:
    """A validator for `schema`, shared with earlier calls for an equal schema."""
    try:
        key = _CANONICAL_JSON.encode(schema)
    except (TypeError, ValueError):
        return UserSchemaValidator(schema)
    remembered = _validators.get(key)
    if remembered is not None and remembered[0] == schema:
        return remembered[1]
    own_schema = copy.deepcopy(schema)  # later changes to `schema` must not reach it
    validator = UserSchemaValidator(own_schema)
    if len(_validators) >= VALIDATOR_MEMORY:
        _validators.clear()
    _validators[key] = (own_schema, validator)
    return validator


def json_schema_verdict(reply: str, schema: dict[str, Any] | bool,
                        validator: Draft202012Validator | None = None
                        ) -> tuple[bool, dict[str, Any]]:
    """(passed, detail) as `json_extraction.json_verdict` gives, with a shared validator
    (`validator`, when the caller holds the one for `schema`)."""
    found = find_json(reply)
    if found is None:
        return False, {"found": False, "violations": [],
                       "reason": "no JSON found in the reply"}
    violations = schema_errors(validator or validator_for(schema), found.value, "$")
    return not violations, {"found": True, "source": found.source, "violations": violations}


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
        passed, detail = json_schema_verdict(reply, self.schema, self._validator)
        return RuleResult(NAME, passed=passed, score=1.0 if passed else 0.0, detail=detail)

    @functools.cached_property
    def _validator(self) -> Draft202012Validator:
        # A run builds this rule once per distinct params and judges every attempt with
        # it: the validator is looked up once, not per attempt.
        return validator_for(self.schema)
