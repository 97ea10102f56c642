"""Queries of intelligent evaluation: evals and sessions."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.inputs import value
from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import CanRead
from agenteval.api.types.enums import IntelligentEvalStatus
from agenteval.api.types.intelligent_eval import IntelligentEval
from agenteval.api.types.intelligent_session import Session
from agenteval.engine.catalog.targets import parse_id
from agenteval.store import models


@strawberry.type
class IntelligentQueries:
    @strawberry.field(permission_classes=[CanRead])
    async def intelligent_evals(self, first: int | None = 50, after: str | None = UNSET,
                                status: IntelligentEvalStatus | None = UNSET,
                                target_id: strawberry.ID | None = UNSET
                                ) -> Connection[IntelligentEval]:
        queryset = models.IntelligentEval.all()
        wanted_status, wanted_target = value(status), value(target_id)
        if wanted_status is not None:
            queryset = queryset.filter(status=wanted_status.value)
        if wanted_target is not None:
            queryset = queryset.filter(target_id=parse_id(wanted_target, "targetId"))
        return await paginate(queryset.order_by("-created_at", "id"), value(first), after,
                              IntelligentEval.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def intelligent_eval(self, id: strawberry.ID) -> IntelligentEval | None:
        row = await models.IntelligentEval.get_or_none(id=parse_id(id))
        return IntelligentEval.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def session(self, id: strawberry.ID) -> Session | None:
        row = await models.EvalSession.get_or_none(id=parse_id(id))
        return Session.from_row(row) if row else None
