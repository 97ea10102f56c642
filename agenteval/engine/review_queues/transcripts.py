"""The conversation a reviewer reads beside an item: role/content turns with their index."""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.store.review_queues import source_reads


async def case_transcript(run_id: uuid.UUID, case_key: str, attempt: int,
                          up_to_turn: int | None = None) -> list[dict[str, Any]]:
    """The attempt's turns as user/assistant messages (through `up_to_turn` when given)."""
    turns = await source_reads.attempt_turns(run_id, case_key, attempt)
    messages: list[dict[str, Any]] = []
    for turn in turns:
        if up_to_turn is not None and turn.index > up_to_turn:
            break
        messages.append({"role": "user", "content": turn.sent_message, "turn": turn.index})
        messages.append({"role": "assistant", "content": turn.reply or turn.error or "",
                         "turn": turn.index})
    return messages


async def session_transcript(session_id: uuid.UUID) -> list[dict[str, Any]]:
    rows = await source_reads.session_messages(session_id)
    return [{"role": "user" if row.role == "USER" else "assistant", "content": row.content,
             "turn": row.turn_index} for row in rows]


async def conversation_transcript(conversation_id: uuid.UUID) -> list[dict[str, Any]]:
    """A production conversation's turns as stored (masked), in order."""
    rows = await source_reads.conversation_turns(conversation_id)
    return [{"role": row.role, "content": row.content, "turn": index}
            for index, row in enumerate(rows)]


async def item_transcript(kind: str, target: str, run_id: uuid.UUID | None) -> list[dict[str, Any]]:
    if kind == "CASE" and run_id is not None:
        case_key, _, attempt = target.removeprefix("case:").rpartition("#")
        return await case_transcript(run_id, case_key, int(attempt))
    if kind == "CONVERSATION":
        return await conversation_transcript(uuid.UUID(target.removeprefix("conversation:")))
    if kind == "SESSION":
        return await session_transcript(uuid.UUID(target.removeprefix("session:")))
    return []
