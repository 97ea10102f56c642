"""Queries of offline judging: the conversation sets."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.ids import parse_id
from agenteval.api.list_order import ListOrder, ordered, searched
from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import CanRead
from agenteval.api.types.static.conversation_set import ConversationSet
from agenteval.api.unset import value
from agenteval.engine.paging import page_of
from agenteval.store.models import ConversationSet as ConversationSetRow


@strawberry.type
class ConversationQueries:
    @strawberry.field(permission_classes=[CanRead])
    async def conversation_sets(self, first: int | None = 50, after: str | None = UNSET,
                                search: str | None = UNSET,
                                order_by: ListOrder | None = UNSET
                                ) -> Connection[ConversationSet]:
        query = ordered(searched(ConversationSetRow.all(), value(search)), value(order_by),
                        ListOrder.NEWEST_FIRST)
        return await paginate(lambda offset, limit: page_of(query, offset, limit),
                              first, after, ConversationSet.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def conversation_set(self, id: strawberry.ID) -> ConversationSet | None:
        row = await ConversationSetRow.get_or_none(id=parse_id(id))
        return ConversationSet.from_row(row) if row else None
