"""Reading what monitoring judges: a conversation's messages, the active monitors."""

from __future__ import annotations

import uuid

from agenteval.domain.monitoring.dialogs import Message
from agenteval.store.models import Monitor, MonitoredTurn


def _message(row: MonitoredTurn) -> Message:
    return Message(id=row.id, position=row.position, sent_at=row.sent_at, role=row.role,
                   content=row.content, latency_ms=row.latency_ms, tool_calls=row.tool_calls,
                   raw=row.raw_response)


async def messages_of(conversation_id: uuid.UUID) -> list[Message]:
    return [_message(row) for row in await MonitoredTurn.filter(conversation_id=conversation_id)]


async def messages_of_many(conversation_ids: list[uuid.UUID]) -> dict[uuid.UUID, list[Message]]:
    """The messages of several conversations in one query."""
    found: dict[uuid.UUID, list[Message]] = {c: [] for c in conversation_ids}
    for row in await MonitoredTurn.filter(conversation_id__in=conversation_ids):
        found[uuid.UUID(str(row.conversation_id))].append(_message(row))
    return found


async def active_monitors() -> list[Monitor]:
    return list(await Monitor.filter(active=True).order_by("created_at"))
