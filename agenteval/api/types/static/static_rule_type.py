"""RuleType: a registered rule as the `ruleTypes` query lists it."""

from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from agenteval.api.schema_help import rule_params_with_help
from agenteval.api.types.enums import ModelRole
from agenteval.rules import RuleTypeInfo


@strawberry.type
class RuleType:
    name: str
    description: str
    scope: str
    model_role: ModelRole | None
    params_schema: JSON

    @classmethod
    def from_info(cls, info: RuleTypeInfo) -> RuleType:
        return cls(name=info.name, description=info.description, scope=info.scope,
                   model_role=ModelRole(info.model_role) if info.model_role else None,
                   params_schema=JSON(rule_params_with_help(info.name, info.params_schema)))
