"""Webhooks on the database (ADMIN manages them; the deliverer reads each delivery's),
handed out as frozen records."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from agenteval.store.models import Webhook


@dataclass(frozen=True)
class StoredWebhook:
    id: uuid.UUID
    name: str
    url: str  # a secret: the API never reads it back
    format: str
    events: list[str]  # empty: every event
    created_at: datetime
    last_delivery_ok: bool | None
    last_delivery_at: datetime | None
    last_error: str | None


def _record(row: Webhook) -> StoredWebhook:
    return StoredWebhook(row.id, row.name, row.url, row.format, list(row.events or []),
                         row.created_at, row.last_delivery_ok, row.last_delivery_at,
                         row.last_error)


async def create(name: str, url: str, format: str, events: list[str]) -> StoredWebhook:
    return _record(await Webhook.create(name=name, url=url, format=format, events=events))


async def every() -> list[StoredWebhook]:
    return [_record(row) for row in await Webhook.all().order_by("created_at", "id")]


async def find(webhook_id: Any) -> StoredWebhook | None:
    row = await Webhook.get_or_none(id=webhook_id)
    return None if row is None else _record(row)


async def remove(webhook_id: uuid.UUID) -> None:
    """The webhook and its undelivered events (the rows cascade)."""
    row = await Webhook.get_or_none(id=webhook_id)
    if row is not None:
        await row.delete()
