"""checkModels: is each configured model usable? The `agenteval models check` logic."""

from __future__ import annotations

import strawberry

from agenteval.api.context import ResolverInfo
from agenteval.api.permissions import IsOperator
from agenteval.api.types.model_check import ModelCheck
from agenteval.engine.catalog.configured_models import endpoints_of
from agenteval.engine.catalog.model_sources import effective_endpoints
from agenteval.store.catalog import model_configs


@strawberry.type
class ModelCheckMutations:
    # A mutation, not a query: every check is a real (billed) model call. OPERATOR and up,
    # as probing a target is. Null where the service has no checker (the CLI gate's core).
    @strawberry.mutation(permission_classes=[IsOperator], description=(
        "Per configured role (stored or from the environment), one short call of that "
        "role's kind, as `agenteval models check` makes it: reachable, latency, usage "
        "reported, the structured-output form that works, the sample answer validated. "
        "The results are returned, never stored."))
    async def check_models(self, info: ResolverInfo) -> list[ModelCheck] | None:
        checker = getattr(info.context.services, "check_models", None)
        if checker is None:
            return None
        endpoints = effective_endpoints(endpoints_of(await model_configs.every()))
        return [ModelCheck.from_result(result) for result in await checker(endpoints)]
