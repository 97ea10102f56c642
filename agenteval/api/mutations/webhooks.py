"""Webhook mutations (ADMIN)."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from agenteval.api.ids import parse_id
from agenteval.api.permissions import IsAdmin
from agenteval.api.types.webhook import Webhook, WebhookFormat
from agenteval.config import Settings
from agenteval.engine.notifications import webhooks


@strawberry.type
class WebhookMutations:
    @strawberry.mutation(permission_classes=[IsAdmin])
    async def create_webhook(self, name: str, url: str,
                             format: WebhookFormat = WebhookFormat.JSON,
                             events: list[str] = []) -> Webhook:  # noqa: B006 - never mutated
        row = await webhooks.create_webhook(name, url, format.value, events)
        return Webhook.from_row(row)

    @strawberry.mutation(permission_classes=[IsAdmin])
    async def delete_webhook(self, id: strawberry.ID) -> strawberry.ID:
        return strawberry.ID(str(await webhooks.delete_webhook(parse_id(id))))

    @strawberry.mutation(permission_classes=[IsAdmin],
                         description="Send a test message now; true when the platform took it.")
    async def test_webhook(self, info: Info, id: strawberry.ID) -> bool:
        settings: Settings = info.context.services.settings
        return await webhooks.test_webhook(parse_id(id), settings)
