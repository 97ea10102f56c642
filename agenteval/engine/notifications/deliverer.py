"""The deliverer: sends due outbox rows, never inside the eval's or run's work.

It is the `webhooks` entity kind of the owned system (`webhooks_kind`, declared at the
composition root), a singleton: the runtime runs its `deliver_due` step every `poll_s`
in one process of the cluster at a time, and the outbox's writes are fenced with that
ownership by the store (see actors.singleton for how the work moves when that process
stops, dies or stalls).
Each step takes the due deliveries (store/notifications/outbox.py), builds each event once (stored
with the row, so retries resend the same body), sends them concurrently with quick
retries and records each outcome: delivered, rescheduled with a growing pause, or
given up after `settings.webhook_attempts` rounds. A webhook that hangs costs the
deliverer its timeout, never the eval or the run (they only wrote the outbox row),
nor the takeover loop (the step runs in a task of its own).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from actors import EntityKind
from agenteval.config import Settings
from agenteval.domain.owned_kinds import WEBHOOKS
from agenteval.engine.notifications.events import SubjectGone, build_event
from agenteval.engine.notifications.sender import WebhookSender
from agenteval.net.retry import backoff_delay
from agenteval.store.notifications import outbox, webhooks
from agenteval.store.notifications.outbox import WebhookDelivery

logger = logging.getLogger("agenteval.notifications")

WEBHOOKS_KIND = WEBHOOKS
POLL_S = 1.0
ROUND_BACKOFF_S = 5.0
MAX_ROUND_BACKOFF_S = 600.0
CONCURRENT_SENDS = 8


class Deliverer:
    """Delivers the outbox, one `deliver_due` step at a time; `aclose` closes its sender."""

    def __init__(self, settings: Settings, poll_s: float = POLL_S,
                 round_backoff_s: float = ROUND_BACKOFF_S) -> None:
        self.settings = settings
        self.poll_s = poll_s
        self.round_backoff_s = round_backoff_s
        self.sender = WebhookSender(settings.webhook_timeout_s)

    async def aclose(self) -> None:
        await self.sender.aclose()

    async def deliver_due(self) -> int:
        """Send what is due now (the outbox fences the writes when this runs as the
        cluster's sender); how many deliveries were attempted. A failure is raised once
        every send of the step has finished."""
        due = await outbox.due(datetime.now(UTC))
        slots = asyncio.Semaphore(CONCURRENT_SENDS)

        async def one(delivery: WebhookDelivery) -> None:
            async with slots:
                await self.deliver(delivery)

        outcomes = await asyncio.gather(*(one(delivery) for delivery in due),
                                        return_exceptions=True)
        failure = next((o for o in outcomes if isinstance(o, BaseException)), None)
        if failure is not None:
            raise failure
        return len(due)

    async def deliver(self, delivery: WebhookDelivery) -> None:
        webhook = await webhooks.find(delivery.webhook_id)
        if webhook is None:
            return  # deleted meanwhile: its deliveries went with it
        if delivery.payload is None:
            try:
                payload = await build_event(str(delivery.id), delivery.event,
                                            delivery.subject_id, delivery.detail, self.settings)
            except SubjectGone as gone:
                await outbox.record_outcome(delivery, str(gone), None)
                return
            await outbox.save_payload(delivery, payload)
        assert delivery.payload is not None
        error = await self.sender.send(webhook.url, webhook.format, delivery.payload)
        retry_at = None
        if error is not None and delivery.attempts + 1 < self.settings.webhook_attempts:
            pause = backoff_delay(delivery.attempts, self.round_backoff_s, MAX_ROUND_BACKOFF_S)
            retry_at = datetime.now(UTC) + timedelta(seconds=pause)
        if error is not None:
            logger.warning("webhook %s (%s): %s %s not delivered: %s%s", webhook.name,
                           webhook.format, delivery.event, delivery.id, error,
                           "; will retry" if retry_at else "; giving up")
        await outbox.record_outcome(delivery, error, retry_at)


def webhooks_kind(deliverer: Deliverer, ttl_s: float) -> EntityKind:
    """The webhook sender as a singleton kind: `deliverer.deliver_due` every `poll_s`."""
    return EntityKind.singleton(WEBHOOKS_KIND, ttl_s, step=deliverer.deliver_due,
                                step_s=deliverer.poll_s)
