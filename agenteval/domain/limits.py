"""Input size limits shared by every validator: oversized input is refused, never truncated.

The sizes are settings (AGENTEVAL_MAX_*, see config.py and the README); the
service installs them once at start with `configure`, and validators read them
through `current()` when they run. The module constants are the defaults.
The one exception to "refused, never truncated" is a target's reply: what a
target sends is stored up to `reply_chars`, then cut with a visible marker.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from agenteval.errors import FieldError

MAX_NAME = 200  # names, keys, tags (each)
MAX_TAGS = 100  # tags of one case or scenario
MAX_TEXT = 10_000
MAX_MESSAGE = 20_000
MAX_JSON_CHARS = 200_000
MAX_CASES = 50_000
MAX_REPLY = 100_000


@dataclass(frozen=True)
class InputLimits:
    """The configurable sizes (characters unless said otherwise)."""

    message_chars: int = MAX_MESSAGE  # a case message, a session message
    reply_chars: int = MAX_REPLY      # a target reply as stored
    cases: int = MAX_CASES            # cases in one scenario


_current = InputLimits()


def configure(limits: InputLimits) -> None:
    """Install the limits of this process (at start, from the settings)."""
    global _current
    _current = limits


def current() -> InputLimits:
    """The limits in force."""
    return _current


def truncated_reply(text: str) -> tuple[str, bool]:
    """A target reply cut to the stored limit with a visible marker, and whether it was cut."""
    limit = _current.reply_chars
    if len(text) <= limit:
        return text, False
    marker = (f"\n[… truncated by AgentEval: the reply had {len(text):,} characters, "
              f"the first {limit:,} are kept]")
    return text[:limit] + marker, True


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


def check_tags(errors: list[dict[str, str]], path: str, tags: list[str]) -> None:
    """Tags: at most MAX_TAGS of at most MAX_NAME characters each (a tag is a label)."""
    if len(tags) > MAX_TAGS:
        errors.append(FieldError(path, f"has {len(tags)} tags; the limit is {MAX_TAGS}"))
    for index, tag in enumerate(tags):
        check_text(errors, f"{path}[{index}]", tag, max_length=MAX_NAME)


def check_message(errors: list[dict[str, str]], path: str, value: str | None, *,
                  required: bool = True) -> None:
    """`check_text` with the configured message limit (case and session messages)."""
    check_text(errors, path, value, max_length=_current.message_chars, required=required)


def check_json_size(errors: list[dict[str, str]], path: str, value: Any,
                    max_chars: int = MAX_JSON_CHARS) -> None:
    size = len(json.dumps(value, default=str, ensure_ascii=False))
    if size > max_chars:
        errors.append(FieldError(path, f"is {size} characters of JSON; the limit is {max_chars}"))


def bounded_raw(raw: Any) -> Any:
    """A target's decoded response kept whole when its JSON text fits the stored-reply
    limit, else that text cut with the reply's marker (a string then: rules that read
    the raw JSON say it was cut rather than judge half a document)."""
    if raw is None or isinstance(raw, str):
        return raw if raw is None else truncated_reply(raw)[0]
    try:
        text = json.dumps(raw, ensure_ascii=False, default=str)
    except (TypeError, ValueError):  # not JSON-shaped (a frame object …): keep its text
        return truncated_reply(str(raw))[0]
    cut, was_cut = truncated_reply(text)
    return cut if was_cut else raw
