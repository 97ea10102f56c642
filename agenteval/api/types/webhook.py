"""Webhook: where notifications go. Its URL is a secret and is never read back."""

from __future__ import annotations

import enum
from datetime import datetime

import strawberry

from agenteval.store.notifications.webhooks import StoredWebhook

SECRET_PLACEHOLDER = "********"


@strawberry.enum(description="The message shape: JSON is the raw event; the others follow "
                             "each platform's incoming-webhook message.")
class WebhookFormat(enum.Enum):
    JSON = "JSON"
    FEISHU = "FEISHU"
    DINGTALK = "DINGTALK"
    WECOM = "WECOM"
    SLACK = "SLACK"


@strawberry.type
class Webhook:
    id: strawberry.ID
    name: str
    format: WebhookFormat
    events: list[str] = strawberry.field(description="Event names it receives; empty: all.")
    url: str = strawberry.field(description="Always \"********\": the URL holds a token.")
    created_at: datetime
    last_delivery_ok: bool | None
    last_error: str | None = strawberry.field(
        description="Why the last delivery (or test) failed; null after a success.")
    last_delivery_at: datetime | None

    @classmethod
    def from_row(cls, row: StoredWebhook) -> Webhook:
        return cls(id=strawberry.ID(str(row.id)), name=row.name,
                   format=WebhookFormat(row.format), events=list(row.events or []),
                   url=SECRET_PLACEHOLDER, created_at=row.created_at,
                   last_delivery_ok=row.last_delivery_ok, last_error=row.last_error,
                   last_delivery_at=row.last_delivery_at)
