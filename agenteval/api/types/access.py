"""ApiKey, Target, ChannelType, ChannelProbe and ModelConfig."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.types.enums import KeyRole, ModelRole
from agenteval.channels.secrets import masked_model_config
from agenteval.store import models
from agenteval.store.catalog.model_configs import StoredModelConfig


@strawberry.type
class ApiKey:
    id: strawberry.ID
    name: str
    role: KeyRole
    created_at: datetime
    last_used_at: datetime | None
    revoked: bool
    revoked_by: str | None = strawberry.field(
        default=None, description="The revoking key's name and id.")

    @classmethod
    def from_row(cls, row: models.ApiKey) -> ApiKey:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, role=KeyRole(row.role),
                   created_at=row.created_at, last_used_at=row.last_used_at, revoked=row.revoked,
                   revoked_by=row.revoked_by)


@strawberry.type
class CreatedApiKey:
    api_key: ApiKey
    secret: str


def _masked_config(root: Target, info: ResolverInfo) -> JSON:
    # Masked by the services' own factory: it knows which fields of each type are secret.
    factory = info.context.services.channels
    return JSON(factory.mask_secrets(root.row.channel_type, root.row.channel_config))


@strawberry.type
class Target:
    id: strawberry.ID
    name: str
    description: str | None
    channel_type: str
    channel_config: JSON = strawberry.field(resolver=_masked_config)
    max_concurrency: int
    created_at: datetime
    row: strawberry.Private[models.Target]

    @classmethod
    def from_row(cls, row: models.Target) -> Target:
        return cls(id=strawberry.ID(str(row.id)), name=row.name, description=row.description,
                   channel_type=row.channel_type, max_concurrency=row.max_concurrency,
                   created_at=row.created_at, row=row)


@strawberry.type
class ChannelProbe:
    ok: bool
    reply: str | None
    latency_ms: int | None
    error: str | None


@strawberry.type
class ChannelType:
    name: str
    description: str
    config_schema: JSON
    translations: JSON | None = strawberry.field(
        default=None, description='The description in other languages, keyed by language '
        'like a config field\'s x-i18n: {"zh": {"description": "…"}}; null: English only.')


@strawberry.type
class ModelConfig:
    role: ModelRole
    provider: str
    base_url: str | None
    model: str
    params: JSON
    has_api_key: bool

    @classmethod
    def from_row(cls, row: StoredModelConfig) -> ModelConfig:
        # Credentials inside the URL and header values are write-only (channels/secrets.py).
        base_url, params = masked_model_config(row.base_url, row.params)
        return cls(role=ModelRole(row.role), provider=row.provider, base_url=base_url,
                   model=row.model, params=JSON(params), has_api_key=bool(row.api_key))
