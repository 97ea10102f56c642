"""One page of an ordered list, as the read modules hand it to the API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from tortoise.models import Model
from tortoise.queryset import QuerySet

T = TypeVar("T")
M = TypeVar("M", bound=Model)


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
