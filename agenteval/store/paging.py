"""One page of an ordered list, as the read modules hand it to the API, and the search and
orders of the long lists (targets, scenarios, campaigns, conversation sets, intelligent
evals): the adapters build their list queries with `named` and `in_list_order`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from tortoise.functions import Lower
from tortoise.models import Model
from tortoise.queryset import QuerySet

T = TypeVar("T")
M = TypeVar("M", bound=Model)

# The orders by the API's name for them (`ListOrder`); ties are broken by id, so paging is
# stable. By name ignoring case on both databases (SQLite compares bytes, PostgreSQL its
# collation).
LIST_ORDERS = {
    "NEWEST_FIRST": ("-created_at", "id"),
    "OLDEST_FIRST": ("created_at", "id"),
    "NAME_ASC": ("name_folded", "created_at", "id"),
    "NAME_DESC": ("-name_folded", "created_at", "id"),
}


@dataclass(frozen=True)
class Page(Generic[T]):
    """`items` from `offset` on, and how many the whole list holds."""

    items: list[T]
    total: int


async def page_of(queryset: QuerySet[M], offset: int, limit: int) -> Page[M]:
    """One page of an (already ordered) queryset: two statements, or one when `limit` is 0."""
    total = await queryset.count()
    items = list(await queryset.offset(offset).limit(limit)) if limit else []
    return Page(items, total)


def named(query: QuerySet[M], search: str | None) -> QuerySet[M]:
    """Only the rows whose name contains `search`, ignoring case (all when it is None)."""
    return query if search is None else query.filter(name__icontains=search)


def in_list_order(query: QuerySet[M], order: str) -> QuerySet[M]:
    """The query in one of `LIST_ORDERS`."""
    fields = LIST_ORDERS[order]
    if "name_folded" in fields[0]:
        query = query.annotate(name_folded=Lower("name"))
    return query.order_by(*fields)


def where_given(query: QuerySet[M], **conditions: Any) -> QuerySet[M]:
    """The query narrowed by each condition whose value is given (not None): a list's
    optional filters (`status=None` means any status)."""
    given = {field: value for field, value in conditions.items() if value is not None}
    return query.filter(**given) if given else query
