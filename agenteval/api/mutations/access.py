"""Mutations of API keys, targets and model configs."""

from __future__ import annotations

import strawberry

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.inputs.access import CreateTargetInput, ModelConfigInput, UpdateTargetInput
from agenteval.api.permissions import IsAdmin, IsOperator
from agenteval.api.transport import ws_auth
from agenteval.api.types.access import ApiKey, ChannelProbe, CreatedApiKey, ModelConfig, Target
from agenteval.api.types.enums import KeyRole, ModelRole
from agenteval.api.unset import value
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.engine.catalog import model_configs, targets
from agenteval.errors import Conflict, NotFound, ValidationFailed
from agenteval.store.access import api_keys
from agenteval.store.access.api_keys import key_label


@strawberry.type
class AccessMutations:
    @strawberry.mutation(permission_classes=[IsAdmin])
    async def create_api_key(self, name: str, role: KeyRole) -> CreatedApiKey:
        errors: list[dict[str, str]] = []
        check_text(errors, "name", name, max_length=MAX_NAME, required=True)
        if errors:
            raise ValidationFailed(errors)
        row, secret = await api_keys.create_key(name.strip(), role.value)
        return CreatedApiKey(api_key=ApiKey.from_row(row), secret=secret)

    @strawberry.mutation(permission_classes=[IsAdmin])
    async def revoke_api_key(self, info: ResolverInfo, id: strawberry.ID) -> ApiKey:
        try:
            row = await api_keys.revoke_key(parse_id(id),
                                            key_label(await info.context.require_key()))
        except api_keys.LastAdminKey:
            raise Conflict(f"API key {id} is the last active ADMIN key: create another ADMIN "
                           "key before revoking it, or nobody could manage keys") from None
        if row is None:
            raise NotFound(f"API key {id} does not exist")
        await ws_auth.announce_revocation(info.context.services.events, row.id)
        return ApiKey.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator])
    async def create_target(self, info: ResolverInfo, input: CreateTargetInput) -> Target:
        row = await targets.create_target(
            info.context.services.channels, name=input.name, channel_type=input.channel_type,
            channel_config=input.channel_config, description=value(input.description),
            max_concurrency=input.max_concurrency)
        return Target.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator])
    async def update_target(self, info: ResolverInfo, id: strawberry.ID,
                            input: UpdateTargetInput) -> Target:
        row = await targets.update_target(
            info.context.services.channels, parse_id(id), name=value(input.name),
            description=value(input.description), channel_config=value(input.channel_config),
            max_concurrency=value(input.max_concurrency))
        return Target.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator])
    async def delete_target(self, id: strawberry.ID) -> strawberry.ID:
        return strawberry.ID(await targets.delete_target(parse_id(id)))

    @strawberry.mutation(permission_classes=[IsOperator])
    async def probe_target(self, info: ResolverInfo, id: strawberry.ID,
                           message: str = "ping") -> ChannelProbe:
        result = await targets.probe_target(info.context.services.channels, parse_id(id),
                                            message)
        return ChannelProbe(**result)

    @strawberry.mutation(permission_classes=[IsAdmin])
    async def set_model_config(self, role: ModelRole, input: ModelConfigInput) -> ModelConfig:
        row = await model_configs.set_model_config(
            role.value, provider=input.provider, model=input.model, base_url=value(input.base_url),
            api_key=value(input.api_key), params=value(input.params))
        return ModelConfig.from_row(row)
