"""Reading the JSON object a model was asked for, and saying plainly what is wrong with it.

Models wrap JSON in Markdown fences or a sentence despite being told not to,
so the answer is tried as a whole, then each fenced block, then the first
`{...}` span that parses. The object is then checked against a JSON Schema.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator

_FENCED_BLOCK = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)
_DECODER = json.JSONDecoder()
MAX_REASONS = 3

CORRECTION_TEMPLATE = (
    "Your previous answer was not valid: {reason}. "
    "Answer again with only a JSON object matching the schema.\nSchema: {schema}"
)


@dataclass(frozen=True)
class JsonCheck:
    """`data` is the object when it is valid; otherwise `reason` says why not."""

    data: dict[str, Any] | None
    reason: str | None


def check_json_answer(text: str, schema: dict[str, Any]) -> JsonCheck:
    """The JSON object in `text` if there is one and it matches `schema`."""
    value = find_json_object(text)
    if value is None:
        return JsonCheck(None, "no JSON object found in the answer")
    value = with_missing_nulls(value, schema)
    problems = schema_problems(value, without_closed_objects(schema))
    if problems:
        return JsonCheck(None, "; ".join(problems))
    return JsonCheck(value, None)


def with_missing_nulls(value: Any, schema: Any) -> Any:
    """`value` with every absent property whose schema allows null set to None.

    Strict-mode schemas require every property and spell "optional" as nullable; a
    model that was not constrained by the schema (json_object, none) often just
    leaves such a field out, which means the same thing and needs no correction.
    """
    if not isinstance(schema, dict):
        return value
    for option in schema.get("anyOf") or []:  # nullable(...): fill inside the non-null option
        if isinstance(option, dict) and option.get("type") == _json_type(value):
            return with_missing_nulls(value, option)
    if isinstance(value, dict) and isinstance(schema.get("properties"), dict):
        filled = dict(value)
        for key, sub in schema["properties"].items():
            if key not in filled and _allows_null(sub):
                filled[key] = None
            elif key in filled:
                filled[key] = with_missing_nulls(filled[key], sub)
        return filled
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [with_missing_nulls(item, schema["items"]) for item in value]
    return value


def without_closed_objects(schema: Any) -> Any:
    """`schema` with every `additionalProperties: false` dropped: strict mode needs it on the
    wire, but an extra key from an unconstrained model is ignored, not worth a correction."""
    if isinstance(schema, list):
        return [without_closed_objects(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    return {key: without_closed_objects(value) for key, value in schema.items()
            if not (key == "additionalProperties" and value is False)}


def _json_type(value: Any) -> str | None:
    return "object" if isinstance(value, dict) else "array" if isinstance(value, list) else None


def _allows_null(schema: Any) -> bool:
    if not isinstance(schema, dict):
        return False
    types = schema.get("type")
    if types == "null" or (isinstance(types, list) and "null" in types):
        return True
    return any(_allows_null(option) for option in schema.get("anyOf") or [])


def correction_message(reason: str, schema: dict[str, Any]) -> dict[str, str]:
    """The one corrective follow-up sent after an invalid answer."""
    schema_text = json.dumps(schema, ensure_ascii=False, sort_keys=True)
    return {"role": "user", "content": CORRECTION_TEMPLATE.format(reason=reason,
                                                                  schema=schema_text)}


def find_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in `text`: whole text, fenced block, then embedded span."""
    candidates = [text.strip()] + [m.group(1).strip() for m in _FENCED_BLOCK.finditer(text)]
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    for start, char in enumerate(text):
        if char == "{":
            try:
                value, _ = _DECODER.raw_decode(text, start)
            except json.JSONDecodeError:
                continue
            if isinstance(value, dict):
                return value
    return None


def schema_problems(value: Any, schema: dict[str, Any]) -> list[str]:
    """Up to MAX_REASONS readable violations, each with a `$`-rooted path."""
    errors = sorted(Draft202012Validator(schema).iter_errors(value),
                    key=lambda error: [str(part) for part in error.absolute_path])
    problems = [f"{_path(error.absolute_path)}: {error.message}" for error in errors]
    if len(problems) > MAX_REASONS:
        problems = problems[:MAX_REASONS] + [f"and {len(problems) - MAX_REASONS} more"]
    return problems


def _path(parts: Any) -> str:
    path = "$"
    for part in parts:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path
