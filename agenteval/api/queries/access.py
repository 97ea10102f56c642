"""Queries of what both systems share: keys, targets, channel types, model configs."""

from __future__ import annotations

import strawberry
from strawberry import UNSET
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.list_order import ListOrder, order_name, search_term
from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import AnyKey, CanRead, IsAdmin
from agenteval.api.schema_help import (
    channel_config_with_help,
    channel_description_translations,
)
from agenteval.api.types.access import ApiKey, ChannelType, ModelConfig, Target
from agenteval.api.unset import value
from agenteval.engine.catalog import reads
from agenteval.engine.catalog.configured_models import effective_model_configs
from agenteval.store.access import api_keys
from agenteval.store.catalog import targets as target_rows


@strawberry.type
class AccessQueries:
    @strawberry.field(permission_classes=[AnyKey], description="The caller's own API key.")
    async def me(self, info: ResolverInfo) -> ApiKey:
        return ApiKey.from_row(await info.context.require_key())

    @strawberry.field(permission_classes=[IsAdmin])
    async def api_keys(self) -> list[ApiKey]:
        return [ApiKey.from_row(k) for k in await api_keys.list_keys()]

    @strawberry.field(permission_classes=[CanRead])
    async def targets(self, first: int | None = 50, after: str | None = UNSET,
                      search: str | None = UNSET,
                      order_by: ListOrder | None = UNSET) -> Connection[Target]:
        term, order = search_term(value(search)), order_name(value(order_by),
                                                            ListOrder.OLDEST_FIRST)
        return await paginate(
            lambda offset, limit: target_rows.target_page(term, order, offset, limit),
            first, after, Target.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def target(self, id: strawberry.ID) -> Target | None:
        row = await reads.find_target(parse_id(id))
        return Target.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    def channel_types(self, info: ResolverInfo) -> list[ChannelType]:
        factory = info.context.services.channels
        return [ChannelType(name=t.name, description=t.description,
                            config_schema=JSON(channel_config_with_help(t.name, t.config_schema)),
                            translations=_json_or_none(channel_description_translations(t.name)))
                for t in factory.types()]

    @strawberry.field(permission_classes=[CanRead])
    async def model_configs(self) -> list[ModelConfig]:
        # Stored rows, plus the roles configured only by AGENTEVAL_{ROLE}_* variables.
        return [ModelConfig.from_row(c) for c in await effective_model_configs()]


def _json_or_none(value: dict[str, object] | None) -> JSON | None:
    return JSON(value) if value is not None else None
