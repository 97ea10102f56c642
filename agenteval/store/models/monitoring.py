"""Monitoring (production QA, issue 37): sources, conversations and their turns as
ingested, monitors, their judged verdicts, red-line hits and alerts.

On PostgreSQL `monitored_turns` is partitioned by day (`first_seen_day`, the
conversation's first-seen day, copied on every turn so a retried or late turn lands
in the same partition and the idempotency key holds): migration
`0013_monitoring_partitions` replaces the table Tortoise creates with a partitioned
one of the same columns. See docs/monitoring.md.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model


class MonitoredSource(Model):
    """Where production conversations come from, created by an OPERATOR or on first ingest."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200, unique=True)
    target_id = fields.UUIDField(null=True)
    quiet_period_s = fields.FloatField(default=300.0)
    # {"enabled": bool, "kinds": [...]} (domain/monitoring/masking.py).
    masking: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    retention_days = fields.FloatField(null=True)
    # The key of the source's pseudonyms (HMAC): the same value is the same token.
    pseudonym_key = fields.CharField(max_length=64)
    auto_created = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "monitored_sources"


class MonitoredConversation(Model):
    """One production conversation. `version` counts the times it closed (a late turn
    after judging reopens it, and its next close is judged as a new version)."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    source: fields.ForeignKeyRelation[MonitoredSource] = fields.ForeignKeyField(
        "models.MonitoredSource", related_name="conversations", on_delete=fields.CASCADE)
    source_id: UUID
    external_id = fields.CharField(max_length=200)
    first_seen_day = fields.DateField()
    first_seen_at = fields.DatetimeField()
    last_turn_at = fields.DatetimeField(db_index=True)
    turn_count = fields.IntField(default=0)
    metadata: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    # OPEN → CLOSED (quiet period passed or an end marker) → JUDGED; a late turn → OPEN.
    status = fields.CharField(max_length=8, default="OPEN")
    ended = fields.BooleanField(default=False)
    version = fields.IntField(default=0)
    # The compare-and-set claim of the judging (SQLite; PostgreSQL adds SKIP LOCKED).
    claimed_by = fields.CharField(max_length=64, null=True)
    claimed_until = fields.DatetimeField(null=True)
    inferred = fields.BooleanField(default=False)  # grouped by shared prefix (OTLP)

    class Meta:
        table = "monitored_conversations"
        unique_together = (("source", "external_id"),)
        indexes = (Index(fields=("status", "last_turn_at")),)


class MonitoredTurn(Model):
    """One message of a conversation as stored: masked, made storable."""

    _no_comments = True

    id = fields.BigIntField(primary_key=True)
    conversation_id = fields.UUIDField()
    first_seen_day = fields.DateField()
    # messageId, "#<position>", or "~<hash>" of role, content and timestamp.
    message_key = fields.CharField(max_length=200)
    position = fields.IntField(null=True)
    role = fields.CharField(max_length=16)
    content = fields.TextField()
    sent_at = fields.DatetimeField()
    received_at = fields.DatetimeField()
    latency_ms = fields.IntField(null=True)
    raw_response: fields.JSONField[Any] = fields.JSONField(null=True)
    tool_calls: fields.JSONField[list[dict[str, Any]] | None] = fields.JSONField(null=True)
    metadata: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    # Personal data found in the raw text before masking: [{kind, token}] (no raw value).
    personal_data: fields.JSONField[list[dict[str, str]] | None] = fields.JSONField(null=True)
    # An assistant turn waits here until its red lines have been checked.
    red_line_pending = fields.BooleanField(default=False)

    class Meta:
        table = "monitored_turns"
        unique_together = (("conversation_id", "message_key", "first_seen_day"),)
        indexes = (Index(fields=("red_line_pending", "received_at")),)


class Monitor(Model):
    """What to judge among a source's conversations and how often."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200, unique=True)
    source_id = fields.UUIDField(null=True)
    metadata_match: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    # The case document judged at close: {"expectation"?, "eval_rules": [...], ...}
    # (a scenario's rules or a rules file); scorecards plug in as another `judge` kind.
    judge: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    # Model-free rule specs checked on every assistant turn at once.
    red_lines: fields.JSONField[list[dict[str, Any]]] = fields.JSONField(default=list)
    sample_rate = fields.FloatField(default=1.0)
    stratify_by = fields.CharField(max_length=100, null=True)
    daily_model_budget = fields.IntField(null=True)
    active = fields.BooleanField(default=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "monitors"


class MonitorVerdict(Model):
    """A monitor's judgement of one version of a conversation (the old ones are kept)."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    monitor_id = fields.UUIDField()
    conversation_id = fields.UUIDField(db_index=True)
    version = fields.IntField()
    status = fields.CharField(max_length=16)  # JUDGED | SKIPPED_SAMPLE | SKIPPED_BUDGET | ERROR
    passed = fields.BooleanField(null=True)
    success_level = fields.CharField(max_length=16, null=True)
    score = fields.FloatField(null=True)
    results: fields.JSONField[list[dict[str, Any]]] = fields.JSONField(default=list)
    model_judged = fields.BooleanField(default=False)
    error = fields.TextField(null=True)
    judged_at = fields.DatetimeField(db_index=True)

    class Meta:
        table = "monitor_verdicts"
        unique_together = (("monitor_id", "conversation_id", "version"),)


class RedLineHit(Model):
    """A red line crossed in a conversation: at most one per monitor, conversation and
    rule, so it alerts once however many turns repeat it."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    monitor_id = fields.UUIDField()
    conversation_id = fields.UUIDField(db_index=True)
    rule_type = fields.CharField(max_length=64)
    turn_position = fields.IntField()
    quote = fields.TextField()  # masked
    detail: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    turn_received_at = fields.DatetimeField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "red_line_hits"
        unique_together = (("monitor_id", "conversation_id", "rule_type"),)


class MonitorAlert(Model):
    """An alert sent (through the webhooks' outbox) about a red line or a drop."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    monitor_id = fields.UUIDField(db_index=True)
    kind = fields.CharField(max_length=16)  # RED_LINE | DROP
    conversation_id = fields.UUIDField(null=True)
    rule_type = fields.CharField(max_length=64, null=True)
    detail: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    state = fields.CharField(max_length=16, default="OPEN")  # OPEN | ACKNOWLEDGED | MUTED
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "monitor_alerts"
