"""Reading what monitoring judges: a conversation's messages, the active monitors."""

from __future__ import annotations

import uuid

from agenteval.domain.monitoring.dialogs import Message
from agenteval.store.models import Monitor, MonitoredTurn


async def messages_of(conversation_id: uuid.UUID) -> list[Message]:
    rows = await MonitoredTurn.filter(conversation_id=conversation_id)
    return [Message(id=row.id, position=row.position, sent_at=row.sent_at, role=row.role,
                    content=row.content, latency_ms=row.latency_ms, tool_calls=row.tool_calls,
                    raw=row.raw_response) for row in rows]


async def active_monitors() -> list[Monitor]:
    return list(await Monitor.filter(active=True).order_by("created_at"))
