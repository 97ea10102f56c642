"""The assistant turns waiting for their red-line check, and what the check reads of their
conversation and source, as plain records."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from agenteval.store.models import (
    MonitoredConversation,
    MonitoredSource,
    MonitoredTurn,
    RedLineHit,
)


@dataclass(frozen=True)
class PendingTurn:
    id: int
    conversation_id: uuid.UUID
    received_at: datetime
    personal_data: list[dict[str, str]]


@dataclass(frozen=True)
class Conversation:
    id: uuid.UUID
    external_id: str
    source_id: uuid.UUID
    metadata: dict[str, Any]


@dataclass(frozen=True)
class Source:
    name: str
    masking: dict[str, Any]
    pseudonym_key: str


async def pending_ids(limit: int) -> list[Any]:
    """The ids of the oldest `limit` waiting turns (nothing else read)."""
    return list(await MonitoredTurn.filter(red_line_pending=True).order_by("received_at")
                .limit(limit).values_list("id", flat=True))


async def pending(limit: int) -> list[PendingTurn]:
    """The oldest `limit` waiting turns."""
    return [PendingTurn(row.id, row.conversation_id, row.received_at, row.personal_data or [])
            for row in await MonitoredTurn.filter(red_line_pending=True)
            .order_by("received_at").limit(limit)]


async def checked(ids: list[Any]) -> None:
    """These turns wait no more."""
    await MonitoredTurn.filter(id__in=ids).update(red_line_pending=False)


async def conversation(conversation_id: Any) -> Conversation | None:
    row = await MonitoredConversation.get_or_none(id=conversation_id)
    return None if row is None else Conversation(row.id, row.external_id, row.source_id,
                                                 row.metadata)


async def source(source_id: Any) -> Source:
    row = await MonitoredSource.get(id=source_id)
    return Source(row.name, row.masking, row.pseudonym_key)


async def pending_count() -> int:
    """How many turns wait for their check (ingestion's backlog)."""
    return await MonitoredTurn.filter(red_line_pending=True).count()


@dataclass(frozen=True)
class Hit:
    monitor_id: uuid.UUID
    rule_type: str
    turn_position: int


async def hits_of(conversation_id: Any) -> list[Hit]:
    """A conversation's red-line hits, by turn."""
    return [Hit(row.monitor_id, row.rule_type, row.turn_position)
            for row in await RedLineHit.filter(conversation_id=conversation_id)
            .order_by("turn_position")]
