"""Input size limits shared by every validator: oversized input is refused, never truncated."""

from __future__ import annotations

from typing import Any

from agenteval.errors import FieldError

MAX_NAME = 200
MAX_TEXT = 10_000
MAX_MESSAGE = 20_000
MAX_JSON_CHARS = 200_000


def check_text(errors: list[dict[str, str]], path: str, value: str | None, *,
               max_length: int = MAX_TEXT, required: bool = False) -> None:
    """Append a field error when a string is missing/blank (if required) or too long."""
    if value is None:
        if required:
            errors.append(FieldError(path, "is required"))
        return
    if required and not value.strip():
        errors.append(FieldError(path, "must not be blank"))
    elif len(value) > max_length:
        errors.append(FieldError(path, f"is {len(value)} characters long; the limit is {max_length}"))


def check_json_size(errors: list[dict[str, str]], path: str, value: Any,
                    max_chars: int = MAX_JSON_CHARS) -> None:
    import json

    size = len(json.dumps(value, default=str, ensure_ascii=False))
    if size > max_chars:
        errors.append(FieldError(path, f"is {size} characters of JSON; the limit is {max_chars}"))
