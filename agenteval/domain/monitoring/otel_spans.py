"""Spans of one OTLP request → LLM calls (pure).

A span inherits the conversation id and the end marker of its ancestors in the same
request (the application sets `gen_ai.conversation.id` or `session.id` once, on the span
around a turn; instrumentations such as OpenInference also copy `session.id` down).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agenteval.domain.monitoring.otel_calls import (
    ASSOCIATION_PREFIX,
    CONVERSATION_KEYS,
    END_KEY,
    LlmCall,
    UnreadableSpan,
    call_of,
)

_INHERITED = (*CONVERSATION_KEYS, END_KEY)


@dataclass(frozen=True)
class SpanRecord:
    trace_id: str
    span_id: str
    parent_id: str | None
    service: str
    source: str
    start_ns: int
    end_ns: int
    attributes: dict[str, Any]


def _context(span: SpanRecord, by_id: dict[tuple[str, str], SpanRecord]) -> dict[str, Any]:
    context: dict[str, Any] = {}
    seen = 0
    parent = span.parent_id
    while parent and seen < 64:  # a malformed trace may loop
        above = by_id.get((span.trace_id, parent))
        if above is None:
            break
        for key, value in above.attributes.items():
            if (key in _INHERITED or key.startswith(ASSOCIATION_PREFIX)) and key not in context:
                context[key] = value
        parent, seen = above.parent_id, seen + 1
    return context


def calls_of_spans(spans: list[SpanRecord]) -> tuple[list[tuple[str, LlmCall]], list[str]]:
    """(source, call) for each span recording an LLM call, and why each rejected span was."""
    by_id = {(s.trace_id, s.span_id): s for s in spans}
    calls: list[tuple[str, LlmCall]] = []
    problems: list[str] = []
    for span in spans:
        try:
            call = call_of(span.trace_id, span.span_id, span.service, span.start_ns,
                           span.end_ns, span.attributes, _context(span, by_id))
        except UnreadableSpan as exc:
            problems.append(f"span {span.span_id}: {exc}")
            continue
        if call is not None:
            calls.append((span.source, call))
    return calls, problems
