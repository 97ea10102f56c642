"""Search and order for the long lists (targets, scenarios, campaigns, intelligent evals).

Every argument is optional: left out, a list reads as before (the contract's order). The
search is a case-insensitive substring of the name, done by the database, so paging and
`totalCount` count the matches.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

import strawberry
from tortoise.functions import Lower
from tortoise.models import Model
from tortoise.queryset import QuerySet

from agenteval.domain.limits import MAX_NAME
from agenteval.errors import ValidationFailed

M = TypeVar("M", bound=Model)


@strawberry.enum(description="How a list is ordered; ties are broken by id, so paging is stable.")
class ListOrder(Enum):
    NEWEST_FIRST = "NEWEST_FIRST"
    OLDEST_FIRST = "OLDEST_FIRST"
    NAME_ASC = "NAME_ASC"
    NAME_DESC = "NAME_DESC"


# By name ignoring case on both databases (SQLite compares bytes, PostgreSQL its collation).
_FIELDS = {
    ListOrder.NEWEST_FIRST: ("-created_at", "id"),
    ListOrder.OLDEST_FIRST: ("created_at", "id"),
    ListOrder.NAME_ASC: ("name_folded", "created_at", "id"),
    ListOrder.NAME_DESC: ("-name_folded", "created_at", "id"),
}


def searched(query: QuerySet[M], search: str | None, argument: str = "search") -> QuerySet[M]:
    """Only the rows whose name contains `search` (ignoring case); all when it is blank."""
    if search is None or not search.strip():
        return query
    if len(search) > MAX_NAME:
        raise ValidationFailed([{"path": argument,
                                 "message": f"at most {MAX_NAME} characters"}])
    return query.filter(name__icontains=search.strip())


def ordered(query: QuerySet[M], order: ListOrder | None, default: ListOrder) -> QuerySet[M]:
    fields = _FIELDS[order or default]
    if "name_folded" in fields[0]:
        query = query.annotate(name_folded=Lower("name"))
    return query.order_by(*fields)
