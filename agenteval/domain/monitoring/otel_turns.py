"""LLM calls from traces turned into conversation turns (pure).

Each call carries the conversation's history as its input and the new reply as its
output, so the history's messages take positions 0…n-1 and dedupe across calls by
position (`#N`), the way a REST sender's positions do. Without a conversation id, calls
of one trace and service are grouped by the longest shared message prefix: a call whose
input starts with a group's whole history continues it; otherwise it starts a new
conversation (`otel-<trace>-<span>`, marked inferred). System messages are not turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from agenteval.domain.monitoring.ingest_lines import IngestLimits, IngestTurn
from agenteval.domain.monitoring.otel_calls import ChatMessage, LlmCall

TURN_ROLES = ("user", "assistant", "tool")


@dataclass
class _Group:
    conversation_id: str
    history: list[tuple[str, str]]


def _key(messages: list[ChatMessage]) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in messages if m.role in TURN_ROLES]


def assign_conversations(calls: list[LlmCall]) -> set[str]:
    """Give every call without one a conversation id; the ids that were inferred."""
    groups: dict[tuple[str, str], list[_Group]] = {}
    inferred: set[str] = set()
    for call in sorted(calls, key=lambda c: (c.start_ns, c.span_id)):
        if call.conversation_id is not None:
            continue
        candidates = groups.setdefault((call.trace_id, call.service), [])
        history = _key(call.input)
        best = max((g for g in candidates if history[:len(g.history)] == g.history),
                   key=lambda g: len(g.history), default=None)
        if best is None:
            best = _Group(f"otel-{call.trace_id}-{call.span_id}", [])
            candidates.append(best)
        best.history = history + _key(call.output)
        call.conversation_id = best.conversation_id
        inferred.add(best.conversation_id)
    return inferred


def turns_of(call: LlmCall, source: str, line: int, limits: IngestLimits) -> list[IngestTurn]:
    """The call's history and reply as turns at their positions (ValueError when a
    message is over the size limit)."""
    assert call.conversation_id is not None
    started = datetime.fromtimestamp(call.start_ns / 1e9, UTC)
    ended = datetime.fromtimestamp(call.end_ns / 1e9, UTC)
    turns = []
    messages = [m for m in call.input if m.role in TURN_ROLES]
    replies = [m for m in call.output if m.role in TURN_ROLES or not m.role]
    for position, message in enumerate(messages + replies):
        if len(message.content) > limits.max_content_chars:
            raise ValueError(f"a message of {len(message.content)} characters is over "
                             f"{limits.max_content_chars}")
        is_reply = position >= len(messages)
        turns.append(IngestTurn(
            line=line, source=source, conversation_id=call.conversation_id,
            message_key=f"#{position}", position=position,
            role=message.role or "assistant", content=message.content,
            timestamp=ended if is_reply else started,
            latency_ms=int((call.end_ns - call.start_ns) / 1e6) if is_reply else None,
            tool_calls=message.tool_calls or None, metadata=dict(call.metadata),
            end=call.end and position == len(messages) + len(replies) - 1))
    return turns
