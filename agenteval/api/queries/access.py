"""Queries of what both systems share: keys, targets, channel types, model configs."""

from __future__ import annotations

import strawberry
from strawberry import UNSET
from strawberry.types import Info

from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import CanRead, IsAdmin
from agenteval.api.types.access import ApiKey, ChannelType, ModelConfig, Target
from agenteval.engine.catalog.models import effective_model_configs
from agenteval.engine.catalog.targets import parse_id
from agenteval.store import models


@strawberry.type
class AccessQueries:
    @strawberry.field(permission_classes=[CanRead], description="The caller's own API key.")
    async def me(self, info: Info) -> ApiKey:
        return ApiKey.from_row(await info.context.require_key())

    @strawberry.field(permission_classes=[IsAdmin])
    async def api_keys(self) -> list[ApiKey]:
        return [ApiKey.from_row(k) for k in await models.ApiKey.all().order_by("created_at")]

    @strawberry.field(permission_classes=[CanRead])
    async def targets(self, first: int | None = 50,
                      after: str | None = UNSET) -> Connection[Target]:
        return await paginate(models.Target.all().order_by("created_at", "id"), first, after,
                              Target.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def target(self, id: strawberry.ID) -> Target | None:
        row = await models.Target.get_or_none(id=parse_id(id))
        return Target.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    def channel_types(self, info: Info) -> list[ChannelType]:
        factory = info.context.services.channels
        return [ChannelType(name=t.name, description=t.description, config_schema=t.config_schema)
                for t in factory.types()]

    @strawberry.field(permission_classes=[CanRead])
    async def model_configs(self) -> list[ModelConfig]:
        # Stored rows, plus the roles configured only by AGENTEVAL_{ROLE}_* variables.
        return [ModelConfig.from_row(c) for c in await effective_model_configs()]
