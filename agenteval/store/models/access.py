"""What both systems share: API keys, targets and model configs."""

from typing import Any

from tortoise import fields
from tortoise.models import Model


class ApiKey(Model):
    """An API key: only the SHA-256 of its secret is stored."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    role = fields.CharField(max_length=16)
    secret_hash = fields.CharField(max_length=64, unique=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    last_used_at = fields.DatetimeField(null=True)
    revoked = fields.BooleanField(default=False)
    revoked_by = fields.CharField(max_length=260, null=True)  # the revoking key: "name (id)"

    class Meta:
        table = "api_keys"


class Target(Model):
    """An agent under evaluation and how to reach it."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    id = fields.UUIDField(primary_key=True)
    name = fields.CharField(max_length=200)
    description = fields.TextField(null=True)
    channel_type = fields.CharField(max_length=64)
    channel_config: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    max_concurrency = fields.IntField(default=8)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "targets"


class ModelConfig(Model):
    """The OpenAI-compatible endpoint that serves one model role."""

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    role = fields.CharField(max_length=16, primary_key=True)
    provider = fields.CharField(max_length=32)
    base_url = fields.CharField(max_length=2000, null=True)
    model = fields.CharField(max_length=200)
    api_key = fields.TextField(null=True)
    params: fields.JSONField[dict[str, Any]] = fields.JSONField(default=dict)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "model_configs"
