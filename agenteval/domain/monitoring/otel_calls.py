"""One LLM call read from a span's attributes, in any of three shapes (pure).

- GenAI semantic conventions: `gen_ai.input.messages` / `gen_ai.output.messages`, JSON
  lists of `{role, parts: [{type: text, content} | {type: tool_call, id, name,
  arguments} | {type: tool_call_response, id, response}]}`.
- OpenInference: flattened `llm.input_messages.N.message.role|content` and
  `llm.output_messages.N.message.…`, tool calls under
  `….message.tool_calls.M.tool_call.function.name|arguments`; `session.id`.
- OpenLLMetry (Traceloop): `gen_ai.prompt.N.role|content`, `gen_ai.completion.N.role|
  content`, `gen_ai.completion.N.tool_calls.M.name|arguments`; association properties
  `traceloop.association.properties.<key>`.

The conversation is `gen_ai.conversation.id`, else `session.id`, else an association
property named session_id / conversation_id / thread_id; None means it must be inferred.
`agenteval.conversation.end` (true) marks the conversation's end.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

CONVERSATION_KEYS = ("gen_ai.conversation.id", "session.id")
ASSOCIATION_PREFIX = "traceloop.association.properties."
ASSOCIATION_KEYS = ("session_id", "conversation_id", "thread_id", "sessionId", "conversationId")
END_KEY = "agenteval.conversation.end"


class UnreadableSpan(ValueError):
    """The span says it is an LLM call but its messages cannot be read."""


@dataclass
class ChatMessage:
    role: str
    content: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class LlmCall:
    trace_id: str
    span_id: str
    service: str
    start_ns: int
    end_ns: int
    conversation_id: str | None
    input: list[ChatMessage]
    output: list[ChatMessage]
    end: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)


def conversation_of(attributes: dict[str, Any]) -> str | None:
    for key in CONVERSATION_KEYS:
        if attributes.get(key) not in (None, ""):
            return str(attributes[key])
    for key in ASSOCIATION_KEYS:
        value = attributes.get(ASSOCIATION_PREFIX + key)
        if value not in (None, ""):
            return str(value)
    return None


def messages_of(attributes: dict[str, Any]) -> tuple[list[ChatMessage], list[ChatMessage]] | None:
    """(input, output) in whichever shape the span uses; None when it carries no messages."""
    if "gen_ai.input.messages" in attributes or "gen_ai.output.messages" in attributes:
        return (_genai(attributes.get("gen_ai.input.messages")),
                _genai(attributes.get("gen_ai.output.messages")))
    if any(k.startswith("llm.input_messages.") or k.startswith("llm.output_messages.")
           for k in attributes):
        return (_flat(attributes, "llm.input_messages", "message.", "message.tool_calls",
                      "tool_call.function."),
                _flat(attributes, "llm.output_messages", "message.", "message.tool_calls",
                      "tool_call.function."))
    if any(k.startswith("gen_ai.prompt.") or k.startswith("gen_ai.completion.")
           for k in attributes):
        return (_flat(attributes, "gen_ai.prompt", "", "tool_calls", ""),
                _flat(attributes, "gen_ai.completion", "", "tool_calls", ""))
    return None


def _genai(value: Any) -> list[ChatMessage]:
    if value is None:
        return []
    try:
        items = json.loads(value) if isinstance(value, str) else value
    except json.JSONDecodeError as exc:
        raise UnreadableSpan(f"gen_ai messages are not JSON: {exc.msg}") from None
    if not isinstance(items, list):
        raise UnreadableSpan("gen_ai messages must be a JSON list")
    messages = []
    for item in items:
        if not isinstance(item, dict):
            raise UnreadableSpan("a gen_ai message must be an object")
        texts, calls = [], []
        for part in item.get("parts") or []:
            if not isinstance(part, dict):
                continue
            kind = part.get("type")
            if kind == "text":
                texts.append(str(part.get("content") or ""))
            elif kind == "tool_call":
                calls.append({"name": part.get("name"), "arguments": part.get("arguments")})
            elif kind == "tool_call_response":
                texts.append(_text(part.get("response")))
        if "content" in item and not texts:
            texts.append(_text(item["content"]))
        messages.append(ChatMessage(str(item.get("role") or ""), "\n".join(texts), calls))
    return messages


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


_INDEXED = re.compile(r"^(\d+)\.(.*)$")


def _flat(attributes: dict[str, Any], prefix: str, inner: str, calls_key: str,
          call_inner: str) -> list[ChatMessage]:
    """Messages flattened as `<prefix>.N.<inner>role` etc."""
    found: dict[int, dict[str, Any]] = {}
    for key, value in attributes.items():
        if not key.startswith(prefix + "."):
            continue
        match = _INDEXED.match(key[len(prefix) + 1:])
        if match:
            found.setdefault(int(match.group(1)), {})[match.group(2)] = value
    messages = []
    for index in sorted(found):
        fields = found[index]
        calls: dict[int, dict[str, Any]] = {}
        for key, value in fields.items():
            rest = key.removeprefix(inner)
            if rest.startswith(calls_key.removeprefix(inner) + "."):
                call = _INDEXED.match(rest[len(calls_key.removeprefix(inner)) + 1:])
                if call:
                    name = call.group(2).removeprefix(call_inner)
                    calls.setdefault(int(call.group(1)), {})[name] = value
        tool_calls = [{"name": c.get("name"), "arguments": c.get("arguments")}
                      for _, c in sorted(calls.items())]
        messages.append(ChatMessage(str(fields.get(inner + "role") or ""),
                                    _text(fields.get(inner + "content") or ""), tool_calls))
    return messages


def call_of(trace_id: str, span_id: str, service: str, start_ns: int, end_ns: int,
            attributes: dict[str, Any], context: dict[str, Any]) -> LlmCall | None:
    """The call a span records (None when it records none); `context` holds attributes
    inherited from the trace (a parent span's conversation id)."""
    messages = messages_of(attributes)
    if messages is None:
        return None
    conversation = conversation_of(attributes) or conversation_of(context)
    end = bool(attributes.get(END_KEY) or context.get(END_KEY))
    return LlmCall(trace_id, span_id, service, start_ns, end_ns, conversation, messages[0],
                   messages[1], end)
