"""Token usage of model calls, one row per call, owned by the run or eval that made it."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

from tortoise import fields
from tortoise.models import Model

if TYPE_CHECKING:
    from agenteval.store.models.intelligent import IntelligentEval
    from agenteval.store.models.static import Run


class ModelUsage(Model):
    """One model call's tokens (`cached`: an answer the response cache gave, no call made)."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.IntField(primary_key=True)
    run: fields.ForeignKeyNullableRelation[Run] = fields.ForeignKeyField(
        "models.Run", related_name="model_usage", null=True, on_delete=fields.CASCADE)
    run_id: UUID | None
    eval: fields.ForeignKeyNullableRelation[IntelligentEval] = fields.ForeignKeyField(
        "models.IntelligentEval", related_name="model_usage", null=True,
        on_delete=fields.CASCADE)
    eval_id: UUID | None
    role = fields.CharField(max_length=16)
    model = fields.CharField(max_length=200)
    cached = fields.BooleanField(default=False)
    prompt_tokens = fields.IntField(default=0)
    completion_tokens = fields.IntField(default=0)
    at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "model_usage"
