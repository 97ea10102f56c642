"""ConversationSet: a conversation log imported to be judged offline."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry
from strawberry.scalars import JSON

from agenteval.store import models


@strawberry.type(description="One logged turn: the user's message and the reply the log holds.")
class LoggedTurn:
    user: str
    reply: str
    raw: JSON | None = strawberry.field(description="The bot's reply as it sent it (JSON), "
                                                    "when the log holds it.")
    tool_calls: JSON | None = strawberry.field(
        default=None, description="The tool calls the bot made on this turn ([{name, "
        "arguments}]), when the log holds them.")
    latency_ms: int | None = strawberry.field(
        default=None, description="How long the reply took, when the log holds it.")


@strawberry.type(description="One logged conversation of a set.")
class LoggedDialog:
    id: str
    turns: list[LoggedTurn]
    metadata: JSON

    @classmethod
    def from_document(cls, document: dict[str, Any]) -> LoggedDialog:
        return cls(id=document["id"], metadata=JSON(document.get("metadata") or {}),
                   turns=[LoggedTurn(user=t["user"], reply=t["reply"], raw=t.get("raw"),
                                     tool_calls=t.get("tool_calls"),
                                     latency_ms=t.get("latency_ms"))
                          for t in document["turns"]])


@strawberry.type(description="What the import left out, by reason (never silently).")
class SkippedCount:
    reason: str
    count: int


@strawberry.type(description="A personal-data kind masked, or a metadata field dropped.")
class RedactedCount:
    name: str
    count: int


@strawberry.type(description="Logged conversations imported to be judged offline "
                             "(judgeConversations): stored like a scenario.")
class ConversationSet:
    id: strawberry.ID
    name: str
    source_format: str = strawberry.field(description="jsonl | openai | csv")
    dialog_count: int
    turn_count: int
    total_in_document: int = strawberry.field(
        description="Conversations with a user message in the document, before sampling.")
    skipped: list[SkippedCount]
    redacted: list[RedactedCount]
    created_at: datetime
    row: strawberry.Private[models.ConversationSet]

    @strawberry.field(description="The dialogs in the log's order, a window of them.")
    def dialogs(self, first: int = 50, offset: int = 0) -> list[LoggedDialog]:
        first, offset = max(0, min(first, 500)), max(0, offset)
        return [LoggedDialog.from_document(d) for d in self.row.dialogs[offset:offset + first]]

    @classmethod
    def from_row(cls, row: models.ConversationSet) -> ConversationSet:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, source_format=row.source_format,
                   dialog_count=row.dialog_count, turn_count=row.turn_count,
                   total_in_document=row.total_in_document, created_at=row.created_at,
                   skipped=[SkippedCount(reason=k, count=v) for k, v in sorted(row.skipped.items())],
                   redacted=[RedactedCount(name=k, count=v) for k, v in row.redacted.items()],
                   row=row)
