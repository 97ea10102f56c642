"""Queries of intelligent evaluation: evals and sessions."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.ids import parse_id
from agenteval.api.list_order import ListOrder, order_name, search_term
from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import CanRead
from agenteval.api.types.enums import IntelligentEvalStatus
from agenteval.api.types.intelligent.intelligent_eval import IntelligentEval
from agenteval.api.types.intelligent.intelligent_session import Session
from agenteval.api.unset import value
from agenteval.engine.intelligent import reads
from agenteval.engine.paging import Page
from agenteval.store.evals import eval_reads
from agenteval.store.evals.eval_reads import IntelligentEval as EvalRow


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
        term = search_term(value(search))
        target_uuid = None if wanted_target is None else parse_id(wanted_target, "targetId")
        order = order_name(value(order_by), ListOrder.NEWEST_FIRST)

        async def load(offset: int, limit: int) -> Page[EvalRow]:
            return await eval_reads.eval_list_page(
                term, None if wanted_status is None else wanted_status.value, target_uuid,
                order, offset, limit)

        return await paginate(load, value(first), after, IntelligentEval.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def intelligent_eval(self, id: strawberry.ID) -> IntelligentEval | None:
        row = await reads.find_eval(parse_id(id))
        return IntelligentEval.from_row(row) if row else None

    @strawberry.field(permission_classes=[CanRead])
    async def session(self, id: strawberry.ID) -> Session | None:
        row = await reads.find_session(parse_id(id))
        return Session.from_row(row) if row else None
