"""Reading what monitoring judges: a conversation's messages, the active monitors."""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from typing import Any

from tortoise import Tortoise

from agenteval.domain.monitoring.dialogs import Message
from agenteval.store.models import Monitor, MonitoredTurn, MonitorVerdict
from agenteval.store.monitoring.partitions import is_postgres
from agenteval.store.monitoring.settings import MonitorSettings, monitor_settings


def _message(row: MonitoredTurn) -> Message:
    return Message(id=row.id, position=row.position, sent_at=row.sent_at, role=row.role,
                   content=row.content, latency_ms=row.latency_ms, tool_calls=row.tool_calls,
                   raw=row.raw_response)


async def messages_of(conversation_id: uuid.UUID) -> list[Message]:
    return [_message(row) for row in await MonitoredTurn.filter(conversation_id=conversation_id)]


COLUMNS = ("conversation_id", "id", "position", "sent_at", "role", "content", "latency_ms",
           "tool_calls", "raw_response")


MESSAGES_POSTGRES = (f"SELECT {', '.join(COLUMNS)} FROM monitored_turns "
                     "WHERE conversation_id = ANY($1::uuid[])")


async def messages_of_many(conversation_ids: list[uuid.UUID]) -> dict[uuid.UUID, list[Message]]:
    """The messages of several conversations in one query, read as plain values (no model
    object nor per-field conversion per turn: judging reads thousands a second)."""
    found: dict[uuid.UUID, list[Message]] = {c: [] for c in conversation_ids}
    if is_postgres():
        _, records = await Tortoise.get_connection("default").execute_query(
            MESSAGES_POSTGRES, [conversation_ids])
        rows: list[Any] = [(r[0], r[1], r[2], r[3], r[4], r[5], r[6], _json(r[7]), _json(r[8]))
                           for r in records]
    else:
        rows = list(await MonitoredTurn.filter(conversation_id__in=conversation_ids)
                    .values_list(*COLUMNS))
    by_text = {str(c): messages for c, messages in found.items()}
    for conversation, id_, position, sent_at, role, content, latency, tools, raw in rows:
        by_text[str(conversation)].append(Message(
            id=id_, position=position, sent_at=sent_at, role=role, content=content,
            latency_ms=latency, tool_calls=tools, raw=raw))
    return found


def _json(value: Any) -> Any:
    """A jsonb column as asyncpg gives it: its text (None stays None)."""
    return json.loads(value) if isinstance(value, str) else value


async def active_monitors() -> list[MonitorSettings]:
    return [monitor_settings(row) for row in await Monitor.filter(active=True)
            .order_by("created_at")]


async def model_judged_since(monitor_id: Any, start: datetime) -> int:
    """How many of a monitor's verdicts since `start` called a model (its daily budget)."""
    return await MonitorVerdict.filter(monitor_id=monitor_id, model_judged=True,
                                       judged_at__gte=start).count()
