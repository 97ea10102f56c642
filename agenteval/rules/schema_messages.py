"""JSON Schema violations as `{"path", "message"}` entries a person can read.

jsonschema's own messages ("10.5 is greater than the maximum of 10") name the
value, not the field; ours name the field by path and say what it must be
("must be ≤ 10"), the shape VALIDATION_FAILED details use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from agenteval.yaml_loader import not_a_boolean

TYPE_PHRASES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


def join_path(base: str, parts: Iterable[Any]) -> str:
    """`base` followed by `.key` for object keys and `[i]` for list indexes."""
    path = base
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path = f"{path}.{part}" if path else str(part)
    return path


def format_number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def schema_errors(validator: Draft202012Validator, instance: Any,
                  base_path: str) -> list[dict[str, str]]:
    """Every violation of `instance` against the validator's schema, readable, sorted by path."""
    errors: list[dict[str, str]] = []
    for error in validator.iter_errors(instance):
        errors.extend(_describe(error, base_path))
    return sorted(errors, key=lambda e: e["path"])


def _describe(error: ValidationError, base_path: str) -> list[dict[str, str]]:
    path = join_path(base_path, error.absolute_path)
    # iter_errors always fills these in; the stubs also allow jsonschema's "unset" marker.
    kind, instance = str(error.validator), error.instance
    expected: Any = error.validator_value
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    if kind == "required":
        missing = [key for key in expected if isinstance(instance, dict) and key not in instance]
        return [{"path": join_path(path, [key]), "message": "is required"} for key in missing]
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(schema.get("properties", {}))
        extra = [key for key in instance if key not in allowed]
        known = f" (allowed: {', '.join(allowed)})" if allowed else ""
        return [{"path": join_path(path, [key]), "message": f"is not allowed{known}"}
                for key in extra]
    return [{"path": path, "message": _message(kind, expected, error)}]


def _message(kind: str, expected: Any, error: ValidationError) -> str:
    if kind == "type":
        types = expected if isinstance(expected, list) else [expected]
        if types == ["boolean"]:
            return not_a_boolean(error.instance)
        return "must be " + " or ".join(TYPE_PHRASES.get(t, str(t)) for t in types)
    if kind == "minimum":
        return f"must be ≥ {format_number(expected)}"
    if kind == "maximum":
        return f"must be ≤ {format_number(expected)}"
    if kind == "exclusiveMinimum":
        return f"must be > {format_number(expected)}"
    if kind == "exclusiveMaximum":
        return f"must be < {format_number(expected)}"
    if kind == "enum":
        return "must be one of: " + ", ".join(str(v) for v in expected)
    if kind == "const":
        return f"must be {expected!r}"
    if kind in ("minItems", "minLength") and expected == 1:
        return "must not be empty"
    if kind == "minItems":
        return f"must have at least {expected} items"
    if kind == "maxItems":
        return f"must have at most {expected} items"
    if kind == "minLength":
        return f"must be at least {expected} characters"
    if kind == "maxLength":
        return f"must be at most {expected} characters"
    if kind == "uniqueItems":
        return "must not contain duplicates"
    if kind == "pattern":
        return f"must match the pattern {expected}"
    return error.message
