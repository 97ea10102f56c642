"""Intelligent evaluation: IntelligentEval → Session → Message, plus plans and events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID

from tortoise import fields
from tortoise.models import Model

if TYPE_CHECKING:
    from agenteval.store.models.access import Target


class IntelligentEval(Model):
    """One intelligent evaluation: `version` guards transitions across processes."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    target: fields.ForeignKeyRelation[Target] = fields.ForeignKeyField(
        "models.Target", related_name="intelligent_evals",
        on_delete=fields.RESTRICT)
    target_id: UUID
    status = fields.CharField(max_length=24, db_index=True)
    version = fields.IntField(default=0)
    goal = fields.TextField()
    seeds: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    intent = fields.TextField()
    role_description = fields.TextField()
    time_window_hours = fields.IntField(default=24)
    plan: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    plan_feedback = fields.TextField(null=True)
    plan_revision = fields.IntField(default=0)
    report: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    failure_reason = fields.TextField(null=True)
    event_sequence = fields.IntField(default=0)
    # Sum of its sessions' turn_count, kept in the turn's transaction (budget checks).
    turns_used = fields.IntField(default=0)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)
    planning_entered_at = fields.DatetimeField(null=True)
    started_at = fields.DatetimeField(null=True)
    completed_at = fields.DatetimeField(null=True)
    last_agent_activity_at = fields.DatetimeField(null=True)
    analyst_woken_at = fields.DatetimeField(null=True)

    class Meta:
        table = "intelligent_evals"


class PlanRevision(Model):
    """Every submitted plan, with the feedback of its rejection if it was rejected."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.IntField(primary_key=True)
    eval: fields.ForeignKeyRelation[IntelligentEval] = fields.ForeignKeyField(
        "models.IntelligentEval", related_name="plan_revisions", on_delete=fields.CASCADE)
    eval_id: UUID
    revision = fields.IntField()
    plan: fields.JSONField[dict[str, Any]] = fields.JSONField()
    submitted_at = fields.DatetimeField(auto_now_add=True)
    feedback = fields.TextField(null=True)
    rejected_at = fields.DatetimeField(null=True)

    class Meta:
        table = "plan_revisions"
        unique_together = (("eval", "revision"),)


class EvalSession(Model):
    """A virtual user's conversation with the target."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    eval: fields.ForeignKeyRelation[IntelligentEval] = fields.ForeignKeyField(
        "models.IntelligentEval", related_name="sessions", on_delete=fields.CASCADE)
    eval_id: UUID
    persona: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    goal = fields.TextField()
    dimension = fields.CharField(max_length=200, null=True)
    virtual_user_index = fields.IntField(null=True)
    time_slot_index = fields.IntField(null=True)
    status = fields.CharField(max_length=16, db_index=True)
    verdict: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    turn_count = fields.IntField(default=0)
    idempotency_key = fields.CharField(max_length=200, null=True)
    conversation_id = fields.CharField(max_length=500, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    last_activity_at = fields.DatetimeField(null=True)
    closed_at = fields.DatetimeField(null=True)

    class Meta:
        table = "eval_sessions"
        unique_together = (("eval", "idempotency_key"),)


class EvalMessage(Model):
    """One message of a session: the user's at 2·turn, the reply at 2·turn + 1."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    session: fields.ForeignKeyRelation[EvalSession] = fields.ForeignKeyField(
        "models.EvalSession", related_name="messages", on_delete=fields.CASCADE)
    session_id: UUID
    index = fields.IntField()
    turn_index = fields.IntField()
    role = fields.CharField(max_length=16)
    content = fields.TextField()
    latency_ms = fields.IntField(null=True)
    error = fields.TextField(null=True)
    error_kind = fields.CharField(max_length=32, null=True)
    idempotency_key = fields.CharField(max_length=200, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    # What was replaced to store the target's reply (domain/storable_text.py); None: nothing.
    sanitized: fields.JSONField[Any] = fields.JSONField(null=True)

    class Meta:
        table = "eval_messages"
        # The key is set on USER messages only: a retry can be stored once, even by
        # two processes at the same moment.
        unique_together = (("session", "index"), ("session", "idempotency_key"))


class EvalEvent(Model):
    """An event of an eval: `sequence` is gap-free per eval."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    eval: fields.ForeignKeyRelation[IntelligentEval] = fields.ForeignKeyField(
        "models.IntelligentEval", related_name="events", on_delete=fields.CASCADE)
    eval_id: UUID
    sequence = fields.IntField()
    type = fields.CharField(max_length=32)
    status = fields.CharField(max_length=24)
    session_id = fields.UUIDField(null=True)
    detail: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "eval_events"
        unique_together = (("eval", "sequence"),)
