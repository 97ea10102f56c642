"""The background deliverer: sends due outbox rows, never inside the eval's or run's work.

Every `poll_s` it claims due deliveries (store/outbox.py), builds each event once
(stored with the row, so retries resend the same body), sends it with quick retries
and records the outcome: delivered, rescheduled with a growing pause, or given up
after `settings.webhook_attempts` rounds. A webhook that hangs costs the deliverer
its timeout, never the eval or the run: they only wrote the outbox row.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from agenteval.config import Settings
from agenteval.engine.notifications.events import SubjectGone, build_event
from agenteval.engine.notifications.sender import QUICK_RETRIES, WebhookSender
from agenteval.net.retry import backoff_delay
from agenteval.store import outbox
from agenteval.store.models import Webhook, WebhookDelivery

logger = logging.getLogger("agenteval.notifications")

POLL_S = 1.0
ROUND_BACKOFF_S = 5.0
MAX_ROUND_BACKOFF_S = 600.0
CONCURRENT_SENDS = 8


class Deliverer:
    """Delivers the outbox; `run_forever` is the background task the composition root starts."""

    def __init__(self, settings: Settings, poll_s: float = POLL_S,
                 round_backoff_s: float = ROUND_BACKOFF_S) -> None:
        self.settings = settings
        self.poll_s = poll_s
        self.round_backoff_s = round_backoff_s
        self.sender = WebhookSender(settings.webhook_timeout_s)

    @property
    def hold_s(self) -> float:
        """How long a claimed row is held: a whole round of attempts, with room to spare."""
        return (self.settings.webhook_timeout_s * QUICK_RETRIES.attempts
                + QUICK_RETRIES.max_backoff_s * QUICK_RETRIES.attempts + 30.0)

    async def run_forever(self) -> None:
        try:
            while True:
                try:
                    await self.deliver_due()
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - the next poll tries again
                    logger.exception("webhook delivery failed; retrying at the next poll")
                await asyncio.sleep(self.poll_s)
        finally:
            await self.sender.aclose()

    async def deliver_due(self) -> int:
        """Send what is due now; how many deliveries were attempted."""
        due = await outbox.claim_due(datetime.now(UTC), self.hold_s)
        slots = asyncio.Semaphore(CONCURRENT_SENDS)

        async def one(delivery: WebhookDelivery) -> None:
            async with slots:
                await self.deliver(delivery)

        await asyncio.gather(*(one(delivery) for delivery in due))
        return len(due)

    async def deliver(self, delivery: WebhookDelivery) -> None:
        webhook = await Webhook.get_or_none(id=delivery.webhook_id)
        if webhook is None:
            return  # deleted meanwhile: its deliveries went with it
        if delivery.payload is None:
            try:
                await outbox.save_payload(delivery, await build_event(
                    str(delivery.id), delivery.event, delivery.subject_id, delivery.detail,
                    self.settings))
            except SubjectGone as gone:
                await outbox.record_outcome(delivery, str(gone), None)
                return
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
