"""Free-text and JSON arguments held to their limits at the edge (VALIDATION_FAILED at the
argument), before a query filters on them or a column too short refuses them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_JSON_CHARS, MAX_NAME, check_json_size, check_text
from agenteval.errors import FieldError, ValidationFailed


def bounded(value: str | None, path: str, max_length: int = MAX_NAME) -> str | None:
    """`value` when it fits in `max_length` characters."""
    errors: list[dict[str, str]] = []
    check_text(errors, path, value, max_length=max_length)
    if errors:
        raise ValidationFailed(errors)
    return value


def bounded_list(values: list[str], path: str, max_length: int = MAX_NAME) -> list[str]:
    """Each of `values` within `max_length` characters (every bad one named)."""
    errors: list[dict[str, str]] = []
    for index, value in enumerate(values):
        check_text(errors, f"{path}[{index}]", value, max_length=max_length)
    if errors:
        raise ValidationFailed(errors)
    return values


def bounded_json(value: Any, path: str, max_chars: int = MAX_JSON_CHARS) -> Any:
    """`value` when its JSON text fits in `max_chars` characters."""
    errors: list[dict[str, str]] = []
    check_json_size(errors, path, value, max_chars)
    if errors:
        raise ValidationFailed(errors)
    return value


def iso_datetime(value: str, path: str) -> datetime:
    """An ISO 8601 date-time argument (a zone is required)."""
    try:
        parsed = datetime.fromisoformat(bounded(value, path, 64) or "")
    except ValueError:
        raise ValidationFailed([FieldError(path, "is not an ISO 8601 date-time")]) from None
    if parsed.tzinfo is None:
        raise ValidationFailed([FieldError(path, "needs a time zone (e.g. 2026-12-06T08:00:00Z)")])
    return parsed


# The columns a judge is keyed by (store/models/judge_revisions.py): longer is not one of them.
JUDGE_KEY_LENGTHS = {"ruleType": 64, "language": 8, "judgeModel": 200}


def judge_key(**values: str | None) -> None:
    """VALIDATION_FAILED naming each of ruleType / language / judgeModel that is too long."""
    errors = FieldErrors()
    for path, value in values.items():
        check_text(errors, path, value, max_length=JUDGE_KEY_LENGTHS[path])
    errors.raise_if_any()
