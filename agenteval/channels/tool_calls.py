"""Tool calls of an `openai_chat` target: what the model asked to call, and the results the
test case supplies so the model can go on (issue 25, "what the bot did").

A case's `tool_results` maps a tool name to its result, the same for every call
(`{"lookup_order": {"status": "shipped"}}`), or to `{"calls": [r1, r2, …]}`, one result
per call in order (the last one repeats). A call with no supplied result gets an error
result saying so: the model is told, and the run shows it, rather than anything
made up.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ToolCall:
    """One call the model asked for: the tool's name and its arguments (decoded JSON, or
    the text when the model sent arguments that are not JSON)."""

    name: str
    arguments: Any
    call_id: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "arguments": self.arguments}


def calls_of(message: dict[str, Any]) -> list[ToolCall]:
    """The tool calls of one assistant message of a chat completion (none when absent)."""
    calls: list[ToolCall] = []
    for raw in message.get("tool_calls") or []:
        if not isinstance(raw, dict):
            continue
        function: dict[str, Any] = raw["function"] if isinstance(raw.get("function"), dict) else {}
        arguments: Any = function.get("arguments")
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments) if arguments.strip() else {}
            except ValueError:
                pass  # kept as the text the model wrote: a rule can still see it
        calls.append(ToolCall(str(function.get("name") or ""), arguments,
                              str(raw.get("id") or "")))
    return calls


@dataclass
class ToolResults:
    """The results a case supplies, handed out call by call over one conversation."""

    results: dict[str, Any] = field(default_factory=dict)
    _used: dict[str, int] = field(default_factory=dict)

    def result_for(self, name: str) -> Any:
        if name not in self.results:
            return {"error": f"the test case supplies no result for tool {name!r}"}
        value = self.results[name]
        if isinstance(value, dict) and set(value) == {"calls"} and isinstance(value["calls"], list) \
                and value["calls"]:
            index = self._used.get(name, 0)
            self._used[name] = index + 1
            return value["calls"][min(index, len(value["calls"]) - 1)]
        return value
