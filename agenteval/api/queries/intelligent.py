"""Queries of intelligent evaluation: evals and sessions."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.ids import parse_id
from agenteval.api.list_order import ListOrder, ordered, searched
from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import CanRead
from agenteval.api.types.enums import IntelligentEvalStatus
from agenteval.api.types.intelligent.intelligent_eval import IntelligentEval
from agenteval.api.types.intelligent.intelligent_session import Session
from agenteval.api.unset import value
from agenteval.engine.intelligent import reads
from agenteval.engine.paging import Page, page_of
from agenteval.store.models import IntelligentEval as EvalRow

# A page of evals without their seeds and report (IntelligentEval reads those when asked).
# The model's fields as declared: the foreign key's id column is added by Tortoise.init.
LIST_FIELDS = (*(name for name in EvalRow._meta.db_fields
                 if name not in ("seeds", "report", "target_id")), "target_id")


@strawberry.type
class IntelligentQueries:
    @strawberry.field(permission_classes=[CanRead])
    async def intelligent_evals(self, first: int | None = 50, after: str | None = UNSET,
                                status: IntelligentEvalStatus | None = UNSET,
                                target_id: strawberry.ID | None = UNSET,
                                search: str | None = UNSET,
                                order_by: ListOrder | None = UNSET
                                ) -> Connection[IntelligentEval]:
        wanted_status, wanted_target = value(status), value(target_id)
        query = searched(EvalRow.all().only(*LIST_FIELDS), value(search))
        if wanted_status is not None:
            query = query.filter(status=wanted_status.value)
        if wanted_target is not None:
            query = query.filter(target_id=parse_id(wanted_target, "targetId"))
        query = ordered(query, value(order_by), ListOrder.NEWEST_FIRST)

        async def load(offset: int, limit: int) -> Page[EvalRow]:
            return await page_of(query, offset, limit)

        return await paginate(load, value(first), after, IntelligentEval.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def intelligent_eval(self, id: strawberry.ID) -> IntelligentEval | None:
        row = await reads.find_eval(parse_id(id))
        return IntelligentEval.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def session(self, id: strawberry.ID) -> Session | None:
        row = await reads.find_session(parse_id(id))
        return Session.from_row(row) if row else None
