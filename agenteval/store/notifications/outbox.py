"""The webhook outbox: deliveries written in the transaction of the change they report.

`enqueue_eval_notifications` (called by `eval_log.append_events`) and
`enqueue_run_notification` (called by `runs.transition`) run inside the
transaction that stores the change, so a committed plan, end of an eval or end
of a run always has its delivery rows, and a rolled-back change has none. They
read the (small) webhooks table and write one row per webhook that wants the
event; when no webhook exists they write nothing. The deliverer
(engine/notifications) sends the rows later, outside any transaction.

One process of the cluster sends at a time (the `webhooks` singleton kind holds
the lease), so the rows carry no hold of their own: `due` only reads, and the
sender's writes (`save_payload`, `record_outcome`) apply its `Fence` inside their
transaction, so a process that lost the work (stopped past the lease's expiry)
writes nothing. Delivery is at least once — such a process may still have sent a
request, and a process that died mid-send has its rows sent again by the next
owner — and every payload carries the row's id as its idempotency id.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from tortoise.transactions import in_transaction

from actors import CLUSTER_KEY
from actors.delivery import fence_for
from actors.ownership import Fence, lease_name
from agenteval.domain.owned_kinds import WEBHOOKS
from agenteval.store import leases
from agenteval.store.models import EvalEvent, Webhook, WebhookDelivery

PENDING = "PENDING"
DELIVERED = "DELIVERED"
FAILED = "FAILED"

# Event log types → notification event names.
EVAL_NOTIFICATIONS = {"PLAN_SUBMITTED": "eval.plan_pending", "COMPLETED": "eval.completed",
                      "FAILED": "eval.failed"}
RUN_NOTIFICATIONS = {"COMPLETED": "run.completed", "FAILED": "run.failed"}
EVENT_NAMES = ("eval.plan_pending", "eval.completed", "eval.failed", "run.completed",
               "run.failed", "monitoring.red_line", "monitoring.drop", "review.judge_drift",
               "review.alignment_finished")


async def enqueue_eval_notifications(eval_id: Any, events: Iterable[EvalEvent]) -> None:
    """Outbox rows for the events that notify (call inside the events' transaction)."""
    for event in events:
        name = EVAL_NOTIFICATIONS.get(event.type)
        if name is not None:
            await enqueue(name, str(eval_id), {"sequence": event.sequence,
                                               **(event.detail or {})})


async def enqueue_run_notification(run_id: Any, status: str, error: str | None = None) -> None:
    """The outbox rows of a run that reached `status` (call inside its transaction)."""
    name = RUN_NOTIFICATIONS.get(status)
    if name is not None:
        await enqueue(name, str(run_id), {"error": error} if error else {})


async def enqueue(event: str, subject_id: str, detail: dict[str, Any]) -> int:
    """One PENDING delivery per webhook that wants `event`; how many were written."""
    webhooks = await Webhook.all().values_list("id", "events")
    now = datetime.now(UTC)
    rows = [WebhookDelivery(id=uuid.uuid4(), webhook_id=webhook_id, event=event,
                            subject_id=subject_id, detail=detail, status=PENDING,
                            next_attempt_at=now)
            for webhook_id, events in webhooks if not events or event in events]
    if rows:
        await WebhookDelivery.bulk_create(rows)
    return len(rows)


async def due(now: datetime, limit: int = 20) -> list[WebhookDelivery]:
    """PENDING deliveries whose next attempt is due at `now`, the longest waiting first."""
    return await (WebhookDelivery.filter(status=PENDING, next_attempt_at__lte=now)
                  .order_by("next_attempt_at").limit(limit))


async def _fenced(fence: Fence | None) -> None:
    fence = fence or fence_for(lease_name(WEBHOOKS, CLUSTER_KEY))
    if fence is not None:
        await leases.fence(fence)


async def save_payload(delivery: WebhookDelivery, payload: dict[str, Any],
                       fence: Fence | None = None) -> None:
    """Fix the event the first attempt built: retries send the very same body. Fenced
    with `fence`, by default the webhook sender's delivery's (none outside the cluster's
    sender: a test's one step)."""
    async with in_transaction():
        await _fenced(fence)
        await WebhookDelivery.filter(id=delivery.id).update(payload=payload)
    delivery.payload = payload


async def record_outcome(delivery: WebhookDelivery, error: str | None,
                         retry_at: datetime | None, fence: Fence | None = None) -> None:
    """Delivered (error None), to retry at `retry_at`, or given up; the webhook's last state.
    `fence` as in `save_payload`."""
    now = datetime.now(UTC)
    attempts = delivery.attempts + 1
    if error is None:
        fields: dict[str, Any] = {"status": DELIVERED, "delivered_at": now, "last_error": None}
    elif retry_at is not None:
        fields = {"next_attempt_at": retry_at, "last_error": error}
    else:
        fields = {"status": FAILED, "last_error": error}
    async with in_transaction():
        await _fenced(fence)
        await WebhookDelivery.filter(id=delivery.id).update(attempts=attempts, **fields)
        await record_webhook_result(delivery.webhook_id, error)


async def record_webhook_result(webhook_id: Any, error: str | None) -> None:
    """`lastDeliveryOk` and the last error of the webhook."""
    await Webhook.filter(id=webhook_id).update(
        last_delivery_ok=error is None, last_delivery_at=datetime.now(UTC), last_error=error)

