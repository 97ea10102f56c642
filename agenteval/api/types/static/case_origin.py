"""CaseOrigin: the intelligent eval's finding or session a case was drafted from."""

from __future__ import annotations

import asyncio
import uuid

import strawberry

from agenteval.api.context import ResolverInfo
from agenteval.domain.judging.case_origin import CaseOrigin as OriginSpec
from agenteval.errors import NotFound


@strawberry.type(description="Where a case came from: the finding (or session) of an "
                             "intelligent eval it was drafted from.")
class CaseOrigin:
    eval_id: strawberry.ID
    session_id: strawberry.ID | None
    finding_id: strawberry.ID | None = strawberry.field(
        description="Finding.id: <eval id>:<index>; null when drafted from a session.")
    finding_index: int | None = strawberry.field(
        description="0-based position in the eval's report (shown as #index+1).")

    @strawberry.field(description="The eval's name; null when it was deleted since.")
    async def eval_name(self, info: ResolverInfo) -> str | None:
        return (await eval_names(info, {str(self.eval_id)})).get(str(self.eval_id))

    @classmethod
    def from_spec(cls, origin: OriginSpec | None) -> CaseOrigin | None:
        if origin is None:
            return None
        return cls(eval_id=strawberry.ID(origin.eval_id),
                   session_id=None if origin.session_id is None else strawberry.ID(
                       origin.session_id),
                   finding_id=None if origin.finding_id is None else strawberry.ID(
                       origin.finding_id),
                   finding_index=origin.finding_index)


async def eval_names(info: ResolverInfo, eval_ids: set[str]) -> dict[str, str | None]:
    """Each eval's name by id (batched by the request's loader); None when it is gone."""
    async def name(eval_id: str) -> str | None:
        try:
            return (await info.context.loaders.eval_by_id.load(uuid.UUID(eval_id))).name
        except (ValueError, NotFound):
            return None
    ids = sorted(eval_ids)
    return dict(zip(ids, await asyncio.gather(*(name(i) for i in ids)), strict=True))
