"""A case's `tool_results`: what the tools an `openai_chat` target may call return.

`{"lookup_order": {"status": "shipped"}}` gives every call of lookup_order that result;
`{"lookup_order": {"calls": [r1, r2]}}` one result per call in order (the last repeats).
The channel hands them out (channels/tool_calls.py); here they are only checked.
"""

from __future__ import annotations

import json
from typing import Any

from agenteval.domain.limits import MAX_JSON_CHARS


def validate_tool_results(value: Any) -> list[tuple[str, str]]:
    """(path suffix, message) problems of a case's `tool_results`; None is fine."""
    if value is None:
        return []
    if not isinstance(value, dict):
        return [("", "must be an object: tool name → result (or {\"calls\": [...]})")]
    try:  # stored with the scenario and sent to the target: bounded like any JSON input
        size = len(json.dumps(value, ensure_ascii=False, default=str))
    except (TypeError, ValueError, RecursionError):
        return [("", "must be plain JSON")]
    if size > MAX_JSON_CHARS:
        return [("", f"is {size} characters of JSON; the limit is {MAX_JSON_CHARS}")]
    problems = []
    for name, result in value.items():
        if not isinstance(name, str) or not name:
            problems.append(("", "tool names must be non-empty strings"))
        elif isinstance(result, dict) and "calls" in result and set(result) == {"calls"} and (
                not isinstance(result["calls"], list) or not result["calls"]):
            problems.append((f".{name}.calls", "must be a non-empty list of results"))
    return problems
