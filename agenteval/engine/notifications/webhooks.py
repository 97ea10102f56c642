"""Managing webhooks (ADMIN): create, list, delete, and send a test message."""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit

from agenteval.config import Settings
from agenteval.domain.limits import MAX_NAME, MAX_TEXT, check_text
from agenteval.engine.notifications.events import test_event
from agenteval.engine.notifications.formats import FORMATS
from agenteval.engine.notifications.sender import webhook_sender
from agenteval.errors import NotFound, ValidationFailed
from agenteval.store.notifications import outbox
from agenteval.store.notifications import webhooks as stored
from agenteval.store.notifications.webhooks import StoredWebhook


async def create_webhook(name: str, url: str, format: str, events: list[str]) -> StoredWebhook:
    """Store a webhook after checking every field (VALIDATION_FAILED lists each bad one)."""
    errors: list[dict[str, str]] = []
    check_text(errors, "name", name, max_length=MAX_NAME, required=True)
    check_text(errors, "url", url, max_length=MAX_TEXT, required=True)
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - raises ValueError for a port out of range
        usable = parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:  # e.g. "http://[::1": an unclosed IPv6 bracket
        usable = False
    if not errors and not usable:
        errors.append({"path": "url", "message": "must be an http:// or https:// URL"})
    if format not in FORMATS:
        errors.append({"path": "format", "message": f"must be one of {', '.join(FORMATS)}"})
    for index, event in enumerate(events):
        if event not in outbox.EVENT_NAMES:
            errors.append({"path": f"events[{index}]",
                           "message": f"unknown event; expected one of "
                                      f"{', '.join(outbox.EVENT_NAMES)}"})
    if errors:
        raise ValidationFailed(errors)
    return await stored.create(name.strip(), url.strip(), format, list(dict.fromkeys(events)))


async def list_webhooks() -> list[StoredWebhook]:
    return await stored.every()


async def get_webhook(webhook_id: uuid.UUID) -> StoredWebhook:
    row = await stored.find(webhook_id)
    if row is None:
        raise NotFound(f"webhook {webhook_id} does not exist")
    return row


async def delete_webhook(webhook_id: uuid.UUID) -> uuid.UUID:
    """Delete it and its undelivered events (the rows cascade)."""
    row = await get_webhook(webhook_id)
    await stored.remove(row.id)
    return webhook_id


async def test_webhook(webhook_id: uuid.UUID, settings: Settings) -> bool:
    """Send a test message now; its outcome becomes the webhook's last delivery state."""
    row = await get_webhook(webhook_id)
    async with webhook_sender(settings.webhook_timeout_s) as sender:
        error = await sender.send(row.url, row.format,
                                  test_event(str(uuid.uuid4()), row.name, settings))
    await outbox.record_webhook_result(row.id, error)
    return error is None
