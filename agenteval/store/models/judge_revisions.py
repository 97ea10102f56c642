"""Judge revisions (examples learnt from reviewers), alignment attempts and drift alerts."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

from tortoise import fields
from tortoise.models import Model


class JudgeRevisionRow(Model):
    """One revision of the examples overlay of (rule type, language, judge model).

    Numbers count up per key from 1; at most one row per key is active (none: the rule's
    own examples only). Rows are never deleted: rolling back re-activates an older one.
    """

    _no_comments = True

    id = fields.UUIDField(primary_key=True, default=uuid4)
    rule_type = fields.CharField(max_length=64)
    language = fields.CharField(max_length=8)
    judge_model = fields.CharField(max_length=200)
    number = fields.IntField()
    examples: fields.JSONField[list[dict[str, Any]]] = fields.JSONField(default=list)
    alignment_id = fields.UUIDField(null=True)
    active = fields.BooleanField(default=False)
    created_by = fields.CharField(max_length=260, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    activated_at = fields.DatetimeField(null=True)

    class Meta:
        table = "judge_revisions"
        unique_together = (("rule_type", "language", "judge_model", "number"),)


class AlignmentRow(Model):
    """One "align" attempt: split, strategy, κ before/after with intervals, decision."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True, default=uuid4)
    rule_type = fields.CharField(max_length=64)
    language = fields.CharField(max_length=8)
    judge_model = fields.CharField(max_length=200)
    strategy = fields.CharField(max_length=32)
    seed = fields.BigIntField()
    # RUNNING (in the background) → ADOPTED | REJECTED | REFUSED | FAILED
    decision = fields.CharField(max_length=16)
    reason = fields.TextField()
    reviewed = fields.IntField(default=0)
    corrections = fields.IntField(default=0)
    held_out = fields.IntField(default=0)
    split: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    candidate_examples: fields.JSONField[list[dict[str, Any]]] = fields.JSONField(
        default=list)
    measurement: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    base_revision = fields.IntField(null=True)
    adopted_revision = fields.IntField(null=True)
    created_by = fields.CharField(max_length=260, null=True)
    created_at = fields.DatetimeField(auto_now_add=True, db_index=True)
    finished_at = fields.DatetimeField(null=True)  # null while RUNNING and before 0019

    class Meta:
        table = "judge_alignments"


class JudgeDriftAlertRow(Model):
    """A κ drift alert sent for (rule type, language), open until agreement recovers.

    So one fall below the threshold alerts once. open_key is "rule/language" while the alert
    is open and null after: unique, so two processes can never both open one.
    """

    _no_comments = True

    id = fields.UUIDField(primary_key=True, default=uuid4)
    rule_type = fields.CharField(max_length=64)
    language = fields.CharField(max_length=8)
    agreement = fields.FloatField()
    kappa = fields.FloatField(null=True)
    window = fields.IntField()
    threshold = fields.FloatField()
    is_open = fields.BooleanField(default=True)
    open_key = fields.CharField(max_length=80, null=True, unique=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    closed_at = fields.DatetimeField(null=True)

    class Meta:
        table = "judge_drift_alerts"
