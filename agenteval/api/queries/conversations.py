"""Queries of offline judging: the conversation sets."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.ids import parse_id
from agenteval.api.list_order import ListOrder, order_name, search_term
from agenteval.api.pagination import Connection, paginate
from agenteval.api.permissions import CanRead
from agenteval.api.types.static.conversation_set import ConversationSet
from agenteval.api.unset import value
from agenteval.store.catalog import conversation_sets


@strawberry.type
class ConversationQueries:
    @strawberry.field(permission_classes=[CanRead])
    async def conversation_sets(self, first: int | None = 50, after: str | None = UNSET,
                                search: str | None = UNSET,
                                order_by: ListOrder | None = UNSET
                                ) -> Connection[ConversationSet]:
        term, order = search_term(value(search)), order_name(value(order_by),
                                                            ListOrder.NEWEST_FIRST)
        return await paginate(
            lambda offset, limit: conversation_sets.set_page(term, order, offset, limit),
            first, after, ConversationSet.from_row)

    @strawberry.field(permission_classes=[CanRead])
    async def conversation_set(self, id: strawberry.ID) -> ConversationSet | None:
        row = await conversation_sets.find(parse_id(id))
        return ConversationSet.from_row(row) if row else None
