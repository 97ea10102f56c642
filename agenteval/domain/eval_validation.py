"""Shared building blocks of intelligent-evaluation input validation.

Validators walk the input once, collect *every* bad field in a `FieldErrors`
with its path in the client's own names (`plan.budget.totalMaxTurns`,
`report.findings[0].evidence[1].sessionId`) and raise one ValidationFailed at
the end. Oversized input is refused, never truncated.

Each `check_*` helper reads `obj[key]`, records what is wrong and returns the
value when it is usable, else None; None and a missing key both mean "absent".
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any, TypeVar

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_JSON_CHARS, MAX_TEXT

Number = TypeVar("Number", int, float)

MAX_STRING_CHARS = MAX_TEXT
MAX_LIST_ITEMS = 200
SEVERITIES = ("HIGH", "MEDIUM", "LOW")


def key_path(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def item_path(path: str, index: int) -> str:
    return f"{path}[{index}]"


def _absent(errors: FieldErrors, path: str, required: bool) -> None:
    if required:
        errors.add(path, "is required")


def check_object(errors: FieldErrors, value: Any, path: str) -> dict[str, Any] | None:
    if not isinstance(value, dict):
        errors.add(path, "must be an object")
        return None
    return value


def check_string(errors: FieldErrors, obj: dict[str, Any], key: str, path: str, *,
                 required: bool = True, allow_empty: bool = False,
                 max_chars: int = MAX_STRING_CHARS) -> str | None:
    return check_string_value(errors, obj.get(key), key_path(path, key), required=required,
                              allow_empty=allow_empty, max_chars=max_chars)


def check_string_value(errors: FieldErrors, value: Any, path: str, *, required: bool = True,
                       allow_empty: bool = False,
                       max_chars: int = MAX_STRING_CHARS) -> str | None:
    if value is None:
        _absent(errors, path, required)
        return None
    if not isinstance(value, str):
        errors.add(path, "must be a string")
        return None
    if not allow_empty and not value.strip():
        errors.add(path, "must not be empty")
        return None
    if len(value) > max_chars:
        errors.add(path, f"must be at most {max_chars} characters (got {len(value)})")
        return None
    return value


def check_integer(errors: FieldErrors, obj: dict[str, Any], key: str, path: str, *,
                  required: bool = True, minimum: int | None = None,
                  maximum: int | None = None) -> int | None:
    path, value = key_path(path, key), obj.get(key)
    if value is None:
        _absent(errors, path, required)
        return None
    # bool is an int in Python; a JSON true is never a count.
    if isinstance(value, bool) or not isinstance(value, int):
        errors.add(path, "must be an integer")
        return None
    return _in_range(errors, value, path, minimum, maximum)


def check_number(errors: FieldErrors, obj: dict[str, Any], key: str, path: str, *,
                 required: bool = True, minimum: float | None = None,
                 maximum: float | None = None) -> float | None:
    path, value = key_path(path, key), obj.get(key)
    if value is None:
        _absent(errors, path, required)
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        errors.add(path, "must be a number")
        return None
    return _in_range(errors, float(value), path, minimum, maximum)


def _in_range(errors: FieldErrors, value: Number, path: str, minimum: Number | None,
              maximum: Number | None) -> Number | None:
    if minimum is not None and value < minimum:
        errors.add(path, f"must be ≥ {minimum}")
        return None
    if maximum is not None and value > maximum:
        errors.add(path, f"must be ≤ {maximum}")
        return None
    return value


def check_boolean(errors: FieldErrors, obj: dict[str, Any], key: str, path: str, *,
                  required: bool = True) -> bool | None:
    path, value = key_path(path, key), obj.get(key)
    if value is None:
        _absent(errors, path, required)
        return None
    if not isinstance(value, bool):
        errors.add(path, "must be true or false")
        return None
    return value


def check_list(errors: FieldErrors, obj: dict[str, Any], key: str, path: str, *,
               required: bool = True, non_empty: bool = False,
               max_items: int = MAX_LIST_ITEMS) -> list[Any] | None:
    path, value = key_path(path, key), obj.get(key)
    if value is None:
        _absent(errors, path, required)
        return None
    if not isinstance(value, list):
        errors.add(path, "must be a list")
        return None
    if non_empty and not value:
        errors.add(path, "must not be empty")
        return None
    if len(value) > max_items:
        errors.add(path, f"must have at most {max_items} items (got {len(value)})")
        return None
    return value


def check_string_list(errors: FieldErrors, obj: dict[str, Any], key: str, path: str, *,
                      required: bool = True, non_empty: bool = False) -> list[str] | None:
    """A list of non-empty strings; None when the list or any item is bad."""
    items = check_list(errors, obj, key, path, required=required, non_empty=non_empty)
    if items is None:
        return None
    before = len(errors)
    checked = [check_string_value(errors, item, item_path(key_path(path, key), index))
               for index, item in enumerate(items)]
    if len(errors) > before:
        return None
    return [item for item in checked if item is not None]


def check_severity(errors: FieldErrors, obj: dict[str, Any], key: str, path: str) -> str | None:
    """HIGH, MEDIUM or LOW; lower case (the seed spec's spelling) is accepted and upper-cased."""
    path, value = key_path(path, key), obj.get(key)
    value = getattr(value, "value", value)  # a str-valued enum member
    if value is None:
        errors.add(path, "is required")
        return None
    if not isinstance(value, str) or value.upper() not in SEVERITIES:
        errors.add(path, f"must be one of {', '.join(SEVERITIES)}")
        return None
    return value.upper()


def check_known_keys(errors: FieldErrors, obj: dict[str, Any], known: Iterable[str],
                     path: str) -> None:
    """Typed inputs (plan, verdict, report) refuse keys they do not define: likely typos."""
    known = set(known)
    for key in obj:
        if key not in known:
            errors.add(key_path(path, str(key)), "unknown field")


def _enum_value(value: Any) -> Any:
    """json.dumps fallback: a str-valued enum member (as the GraphQL layer may pass) is JSON."""
    if hasattr(value, "value") and isinstance(value.value, str):
        return value.value
    raise TypeError(f"{type(value).__name__} is not JSON")


def check_json_size(errors: FieldErrors, value: Any, path: str,
                    max_chars: int = MAX_JSON_CHARS) -> bool:
    """True when `value` is JSON and its serialised form fits in `max_chars`."""
    try:
        size = len(json.dumps(value, ensure_ascii=False, default=_enum_value))
    except (TypeError, ValueError):
        errors.add(path, "must be JSON")
        return False
    if size > max_chars:
        errors.add(path, f"must be at most {max_chars} characters as JSON (got {size})")
        return False
    return True
