"""A monitored conversation's messages as the dialog the rules judge (pure).

Messages are ordered by position when the sender gave one, else by their timestamp, so
out-of-order arrivals judge in the order they were said. Each user message opens a
turn; the assistant's messages after it are its reply (joined), a tool message or an
assistant's tool calls attach to that turn. An assistant message before any user
message (a greeting) is a turn with an empty user message.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from agenteval.domain.judging.cases import Turn


@dataclass(frozen=True)
class Message:
    """One stored message, as the judging reads it."""

    id: int
    position: int | None
    sent_at: datetime
    role: str
    content: str
    latency_ms: int | None = None
    tool_calls: list[dict[str, Any]] | None = None
    raw: Any = None


def ordered(messages: list[Message]) -> list[Message]:
    return sorted(messages, key=lambda m: (m.position is None, m.position or 0, m.sent_at, m.id))


@dataclass
class _Draft:
    user: str
    replies: list[str]
    latency: int | None
    tool_calls: list[dict[str, Any]]
    raw: Any
    message_ids: list[int]


def dialog_of(messages: list[Message]) -> tuple[list[Turn], dict[int, int]]:
    """The turns, and for each message id the index of the turn it belongs to."""
    drafts: list[_Draft] = []
    for message in ordered(messages):
        if message.role == "user" or not drafts:
            drafts.append(_Draft(message.content if message.role == "user" else "", [], None,
                                 [], None, []))
        draft = drafts[-1]
        draft.message_ids.append(message.id)
        if message.role == "assistant":
            if message.content:
                draft.replies.append(message.content)
            draft.latency = message.latency_ms if message.latency_ms is not None else draft.latency
            draft.raw = message.raw if message.raw is not None else draft.raw
        if message.tool_calls:
            draft.tool_calls += message.tool_calls
    turns = [Turn(index=i, sent_message=d.user, reply="\n".join(d.replies) or None,
                  latency_ms=d.latency, raw=d.raw, tool_calls=d.tool_calls or None)
             for i, d in enumerate(drafts)]
    where = {message_id: i for i, d in enumerate(drafts) for message_id in d.message_ids}
    return turns, where
