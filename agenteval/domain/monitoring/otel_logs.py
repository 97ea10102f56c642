"""GenAI log events (what `opentelemetry-instrumentation-openai-v2` sends to /v1/logs)
→ LLM calls (pure).

Two generations of events are read. The current one (`gen_ai_latest_experimental`
with content capture EVENT_ONLY or SPAN_AND_EVENT) is one record per call,
`gen_ai.client.inference.operation.details`, carrying `gen_ai.input.messages` and
`gen_ai.output.messages` as structured attributes — read like a span's. The older one
(semantic conventions 1.30) is one record per message: events of one LLM call share its trace and span ids: `gen_ai.system.message`,
`gen_ai.user.message`, `gen_ai.assistant.message` and `gen_ai.tool.message` are the
input in the order sent (body `{content}`, an assistant's `{tool_calls}`), each
`gen_ai.choice` an output (body `{index, finish_reason, message: {role, content,
tool_calls}}`). The conversation id comes from the records' (or resource's) attributes
(`gen_ai.conversation.id`, `session.id`); without one it is inferred by shared prefix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agenteval.domain.monitoring.otel_calls import (
    END_KEY,
    ChatMessage,
    LlmCall,
    UnreadableSpan,
    call_of,
    conversation_of,
)

MESSAGE_EVENTS = {"gen_ai.system.message": "system", "gen_ai.user.message": "user",
                  "gen_ai.assistant.message": "assistant", "gen_ai.tool.message": "tool"}
CHOICE_EVENT = "gen_ai.choice"


@dataclass(frozen=True)
class LogEvent:
    trace_id: str
    span_id: str
    service: str
    source: str
    time_ns: int
    order: int
    name: str
    attributes: dict[str, Any]
    body: Any


def _calls_of(body: Any) -> list[dict[str, Any]]:
    calls = []
    for call in (body or {}).get("tool_calls") or [] if isinstance(body, dict) else []:
        function = call.get("function") or {} if isinstance(call, dict) else {}
        calls.append({"name": function.get("name"), "arguments": function.get("arguments")})
    return calls


def _content(body: Any) -> str:
    content = body.get("content") if isinstance(body, dict) else body
    return "" if content is None else str(content)


def calls_of_logs(events: list[LogEvent]) -> tuple[list[tuple[str, LlmCall]], list[str]]:
    """(source, call) per LLM call's events, and why each rejected record was."""
    grouped: dict[tuple[str, str], list[LogEvent]] = {}
    problems: list[str] = []
    calls: list[tuple[str, LlmCall]] = []
    for event in events:
        try:
            whole = call_of(event.trace_id, event.span_id or f"log{event.order}", event.service,
                            event.time_ns, event.time_ns, event.attributes, {})
        except UnreadableSpan as exc:
            problems.append(f"{event.name or 'log record'}: {exc}")
            continue
        if whole is not None:
            calls.append((event.source, whole))
        elif event.name in MESSAGE_EVENTS or event.name == CHOICE_EVENT:
            if not event.trace_id or not event.span_id:
                problems.append(f"{event.name}: a GenAI event without trace and span ids")
                continue
            grouped.setdefault((event.trace_id, event.span_id), []).append(event)
    for (trace_id, span_id), group in grouped.items():
        group.sort(key=lambda e: (e.time_ns, e.order))
        inputs, outputs = [], []
        for event in group:
            if event.name == CHOICE_EVENT:
                message = (event.body or {}).get("message") if isinstance(event.body, dict) else None
                message = message if isinstance(message, dict) else {}
                outputs.append(ChatMessage(str(message.get("role") or "assistant"),
                                           _content(message), _calls_of(message)))
            else:
                inputs.append(ChatMessage(MESSAGE_EVENTS[event.name], _content(event.body),
                                          _calls_of(event.body)))
        first = group[0]
        attributes: dict[str, Any] = {}
        for event in group:
            attributes.update(event.attributes)
        calls.append((first.source, LlmCall(
            trace_id, span_id, first.service, group[0].time_ns, group[-1].time_ns,
            conversation_of(attributes), inputs, outputs, bool(attributes.get(END_KEY)))))
    return calls, problems
