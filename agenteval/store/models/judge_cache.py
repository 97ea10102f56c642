"""Stored model answers, so a re-run of the same judge request is reproducible and free."""

from typing import Any

from tortoise import fields
from tortoise.models import Model


class JudgeCacheEntry(Model):
    """One cached model answer under the sha256 key of (model, full prompt, params)."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.IntField(primary_key=True)
    key = fields.CharField(max_length=64, unique=True)
    model = fields.CharField(max_length=200)
    # Whatever the model answered; readers check its shape.
    value: fields.JSONField[Any] = fields.JSONField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "judge_cache_entries"
