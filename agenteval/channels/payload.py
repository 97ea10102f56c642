"""JSON templates for outgoing messages and dot paths into replies (pure functions)."""

from __future__ import annotations

import json
from typing import Any

from agenteval.channels.base import ChannelError
from agenteval.net.retry import excerpt

_MISSING = object()


def render_template(template: Any, variables: dict[str, str]) -> Any:
    """Copy `template`, replacing `{{name}}` inside every string value (not keys)."""
    if isinstance(template, str):
        for name, value in variables.items():
            template = template.replace("{{" + name + "}}", value)
        return template
    if isinstance(template, dict):
        return {key: render_template(value, variables) for key, value in template.items()}
    if isinstance(template, list):
        return [render_template(item, variables) for item in template]
    return template


def lookup_path(document: Any, path: str) -> Any:
    """Follow a dot path (`data.answer`, `choices.0.message.content`); `_MISSING` if absent."""
    current = document
    for segment in path.split(".") if path else []:
        if isinstance(current, dict) and segment in current:
            current = current[segment]
        elif isinstance(current, list) and segment.lstrip("-").isdigit():
            index = int(segment)
            if not -len(current) <= index < len(current):
                return _MISSING
            current = current[index]
        else:
            return _MISSING
    return current


def parse_json_reply(body: str, what: str = "reply") -> Any:
    """Decode a JSON body or raise ChannelError("bad_response") quoting it."""
    try:
        return json.loads(body)
    except ValueError:
        raise ChannelError(
            "bad_response", f"{what} is not JSON: {excerpt(body) or '(empty body)'}"
        ) from None


def extract_reply_text(document: Any, path: str, body: str) -> str:
    """The reply text at `path`, as a non-empty string, or ChannelError("bad_response")."""
    value = lookup_path(document, path)
    if value is _MISSING or value is None:
        raise ChannelError("bad_response", f"reply path {path!r} not found in: {excerpt(body)}")
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if not text.strip():
        raise ChannelError("bad_response", f"empty reply at {path!r} in: {excerpt(body)}")
    return text


def extract_optional_text(document: Any, path: str) -> str | None:
    """A string at `path` if there is a non-empty one (for conversation ids)."""
    value = lookup_path(document, path)
    if value is _MISSING or value is None or value == "":
        return None
    return str(value)
