"""Webhooks on the database (ADMIN manages them; the deliverer reads each delivery's).

The rows still cross this port (the API's types read their attributes); exported here so
the engine names them without importing the models."""

from __future__ import annotations

from typing import Any

from agenteval.store.models import Webhook

__all__ = ["Webhook", "create", "every", "find", "remove"]


async def create(name: str, url: str, format: str, events: list[str]) -> Webhook:
    return await Webhook.create(name=name, url=url, format=format, events=events)


async def every() -> list[Webhook]:
    return list(await Webhook.all().order_by("created_at", "id"))


async def find(webhook_id: Any) -> Webhook | None:
    return await Webhook.get_or_none(id=webhook_id)


async def remove(row: Webhook) -> None:
    """The webhook and its undelivered events (the rows cascade)."""
    await row.delete()


