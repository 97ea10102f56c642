"""Query.webhooks (ADMIN: webhooks are managed by ADMIN keys)."""

from __future__ import annotations

import strawberry

from agenteval.api.permissions import IsAdmin
from agenteval.api.types.webhook import Webhook
from agenteval.engine.notifications import webhooks


@strawberry.type
class WebhookQueries:
    @strawberry.field(permission_classes=[IsAdmin])
    async def webhooks(self) -> list[Webhook] | None:
        return [Webhook.from_row(row) for row in await webhooks.list_webhooks()]
