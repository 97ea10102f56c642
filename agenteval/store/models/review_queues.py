"""The review workbench (人工复核台): sampling plans, queues, their items, answers and appeals."""

from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model


class ReviewPlanRow(Model):
    """A sampling plan: which items of which runs and evals a queue gets (domain/review_queues)."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    spec: fields.JSONField[dict[str, Any]] = fields.JSONField()
    created_by = fields.CharField(max_length=260)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "review_plans"


class ReviewQueueRow(Model):
    """Items to review, filled from a plan. reviewer_key_ids: the REVIEWER keys given it."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    plan_id = fields.UUIDField(null=True)
    sources: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    second_review_share = fields.FloatField(default=0.0)
    reviewer_key_ids: fields.JSONField[list[str]] = fields.JSONField(default=list)
    created_by = fields.CharField(max_length=260)
    created_at = fields.DatetimeField(auto_now_add=True)
    appeals_of = fields.CharField(max_length=80, null=True, unique=True)  # "run:<id>", "eval:<id>"

    class Meta:
        table = "review_queues"


class ReviewItemRow(Model):
    """One piece of work: a first review, a blind second review, an arbitration or an appeal.

    parent_id is the first-review item a later stage is about; excluded_key_ids
    are the keys that may not take it (the earlier reviewers). The claim columns
    are written only by a conditional UPDATE (store/review_queues/claims.py).
    """

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    queue_id = fields.UUIDField(db_index=True)
    position = fields.IntField()
    stage = fields.CharField(max_length=16)
    parent_id = fields.UUIDField(null=True, db_index=True)
    kind = fields.CharField(max_length=16)
    target = fields.CharField(max_length=260)
    run_id = fields.UUIDField(null=True)
    eval_id = fields.UUIDField(null=True)
    reasons: fields.JSONField[list[str]] = fields.JSONField(default=list)
    rubric: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    double_review = fields.BooleanField(default=False)
    excluded_key_ids: fields.JSONField[list[str]] = fields.JSONField(default=list)
    status = fields.CharField(max_length=16, default="OPEN")
    claimed_by_key_id = fields.UUIDField(null=True)
    claimed_until = fields.DatetimeField(null=True)
    final: fields.JSONField[dict[str, Any] | None] = fields.JSONField(null=True)
    final_source = fields.CharField(max_length=16, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    done_at = fields.DatetimeField(null=True)

    class Meta:
        table = "review_items"


class ReviewAnswerRow(Model):
    """One reviewer's answer to one item: the case level, each rubric entry, goal, finding."""

    _no_comments = True

    id = fields.IntField(primary_key=True)
    item_id = fields.UUIDField(db_index=True)
    reviewer = fields.CharField(max_length=260)
    reviewer_key_id = fields.UUIDField()
    answer: fields.JSONField[dict[str, Any]] = fields.JSONField()
    note = fields.TextField(null=True)
    seconds = fields.FloatField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "review_answers"


class ReviewAppealRow(Model):
    """An appeal of an item's verdict (automatic or human) and how it was decided."""

    _no_comments = True

    id = fields.UUIDField(primary_key=True)
    item_id = fields.UUIDField(db_index=True)
    appeal_item_id = fields.UUIDField()
    verdict_source = fields.CharField(max_length=16)
    appealed_verdict: fields.JSONField[dict[str, Any]] = fields.JSONField()
    appealed_reviewer_key_id = fields.UUIDField(null=True)
    reason = fields.TextField()
    appealed_by = fields.CharField(max_length=260)
    appealed_by_key_id = fields.UUIDField()
    status = fields.CharField(max_length=16, default="OPEN")
    overturned = fields.BooleanField(null=True)
    decided_by = fields.CharField(max_length=260, null=True)
    decided_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    entry_key = fields.CharField(max_length=260, null=True)  # one appealed rubric entry

    class Meta:
        table = "review_appeals"
