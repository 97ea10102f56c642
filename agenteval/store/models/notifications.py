"""Webhooks and their durable outbox: one delivery row per (event, webhook)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from tortoise import fields
from tortoise.models import Model


class Webhook(Model):
    """Where notifications go. `url` is a secret: the API never reads it back."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    url = fields.TextField()
    format = fields.CharField(max_length=16)
    # Event names it wants; empty means every event.
    events: fields.JSONField[list[str]] = fields.JSONField(default=list)
    created_at = fields.DatetimeField(auto_now_add=True)
    last_delivery_ok = fields.BooleanField(null=True)
    last_delivery_at = fields.DatetimeField(null=True)
    last_error = fields.TextField(null=True)

    class Meta:
        table = "webhooks"


class WebhookDelivery(Model):
    """An event to deliver to one webhook, written in the transaction of the change it reports.

    `id` is the idempotency id every payload carries: retries resend the same id.
    `payload` is the event as built at the first attempt, so retries send the same body.
    """

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    webhook: fields.ForeignKeyRelation[Webhook] = fields.ForeignKeyField(
        "models.Webhook", related_name="deliveries", on_delete=fields.CASCADE)
    webhook_id: UUID
    event = fields.CharField(max_length=32)
    subject_id = fields.CharField(max_length=64)
    detail: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    payload: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    status = fields.CharField(max_length=16, default="PENDING", db_index=True)
    attempts = fields.IntField(default=0)
    next_attempt_at = fields.DatetimeField(db_index=True)
    delivered_at = fields.DatetimeField(null=True)
    last_error = fields.TextField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "webhook_deliveries"
