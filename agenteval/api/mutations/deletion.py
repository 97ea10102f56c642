"""Deleting a finished run or eval (ADMIN); CONFLICT while it is not finished."""

from __future__ import annotations

import strawberry
from strawberry.types import Info

from agenteval.api.ids import parse_id
from agenteval.api.permissions import IsAdmin
from agenteval.engine.catalog import deletion


@strawberry.type
class DeletionMutations:
    @strawberry.mutation(permission_classes=[IsAdmin],
                         description="Delete a finished run with its outcomes, turns and "
                                     "results; CONFLICT (details.status) while it runs.")
    async def delete_run(self, info: Info, id: strawberry.ID) -> strawberry.ID:
        await deletion.delete_run(parse_id(id), info.context.services.actors)
        return id

    @strawberry.mutation(permission_classes=[IsAdmin],
                         description="Delete a COMPLETED, CANCELLED or FAILED eval with its "
                                     "sessions, messages, events, report and plans; CONFLICT "
                                     "(details.status) otherwise.")
    async def delete_intelligent_eval(self, info: Info, id: strawberry.ID) -> strawberry.ID:
        await deletion.delete_eval(parse_id(id), info.context.services.actors)
        return id
