"""Finding the JSON in a chat reply and checking it against a JSON Schema.

Agents wrap JSON in prose or Markdown, so the reply is tried as a whole, then
each fenced ``` block (```json or bare), then the first `{...}` or `[...]`
span that parses.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Literal

from agenteval.rules.schema_messages import schema_errors
from agenteval.rules.user_schemas import UserSchemaValidator

JsonSource = Literal["whole_reply", "fenced_block", "embedded"]

FENCED_BLOCK = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)
_DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class FoundJson:
    value: Any
    source: JsonSource


def find_json(text: str) -> FoundJson | None:
    """The first JSON value in `text` by the order above, or None when there is none."""
    whole = _parse(text.strip())
    if whole is not None:
        return FoundJson(whole[0], "whole_reply")
    for block in FENCED_BLOCK.finditer(text):
        fenced = _parse(block.group(1).strip())
        if fenced is not None:
            return FoundJson(fenced[0], "fenced_block")
    for start, char in enumerate(text):
        if char in "{[":
            try:
                value, _ = _DECODER.raw_decode(text, start)
            except json.JSONDecodeError:
                continue
            return FoundJson(value, "embedded")
    return None


def _parse(text: str) -> tuple[Any] | None:
    """(value,) when `text` is exactly one JSON value; the tuple tells null from 'none'."""
    if not text:
        return None
    try:
        return (json.loads(text),)
    except json.JSONDecodeError:
        return None


def schema_violations(value: Any, schema: dict[str, Any] | bool) -> list[dict[str, str]]:
    """Each way `value` breaks `schema`, with a `$`-rooted path (`$.items[0].price`)."""
    return schema_errors(UserSchemaValidator(schema), value, "$")


def json_verdict(reply: str, schema: dict[str, Any] | bool | None) -> tuple[bool, dict[str, Any]]:
    """(passed, detail) for "the reply holds JSON [valid against `schema`]"."""
    found = find_json(reply)
    if found is None:
        return False, {"found": False, "violations": [],
                       "reason": "no JSON found in the reply"}
    violations = [] if schema is None else schema_violations(found.value, schema)
    return not violations, {"found": True, "source": found.source, "violations": violations}
