"""Relay connections over the read modules' pages (offset cursors: stable for append-mostly lists)."""

from __future__ import annotations

import base64
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Generic, TypeVar

import strawberry
from strawberry import UNSET

from agenteval.engine.paging import Page
from agenteval.errors import ValidationFailed

T = TypeVar("T")
R = TypeVar("R")
MAX_PAGE = 500
# No list holds a billion rows; a larger offset is a forged cursor (and overflows SQLite).
MAX_OFFSET = 10**9


@strawberry.type
class PageInfo:
    has_next_page: bool
    end_cursor: str | None


@strawberry.type
class Edge(Generic[T]):
    cursor: str
    node: T


@strawberry.type
class Connection(Generic[T]):
    edges: list[Edge[T]]
    page_info: PageInfo
    total_count: int


def encode_cursor(offset: int) -> str:
    return base64.urlsafe_b64encode(f"o:{offset}".encode()).decode()


def decode_cursor(cursor: str | None, path: str = "after") -> int:
    """The offset after the given cursor (0 when None or left out)."""
    if cursor is None or cursor is UNSET:
        return 0
    try:
        kind, _, value = base64.urlsafe_b64decode(cursor.encode()).decode().partition(":")
        offset = int(value)
    except (ValueError, UnicodeDecodeError):
        raise ValidationFailed.one(path, "is not a cursor of this list") from None
    if kind != "o" or not 0 <= offset < MAX_OFFSET:
        raise ValidationFailed.one(path, "is not a cursor of this list")
    return offset + 1


def page_size(first: int | None, default: int = 50, path: str = "first") -> int:
    """`first` checked against the page limit (`default` when null or left out)."""
    if first is None or first is UNSET:
        return default
    if not 0 <= first <= MAX_PAGE:
        raise ValidationFailed.one(path, f"must be between 0 and {MAX_PAGE}")
    return first


def connection_from_items(items: Sequence[Any], start: int, total: int,
                          convert: Callable[[Any], T]) -> Connection[T]:
    edges = [Edge(cursor=encode_cursor(start + i), node=convert(item))
             for i, item in enumerate(items)]
    end = edges[-1].cursor if edges else None
    return Connection(edges=edges, total_count=total,
                      page_info=PageInfo(has_next_page=start + len(items) < total,
                                         end_cursor=end))


async def paginate(load: Callable[[int, int], Awaitable[Page[R]]], first: int | None,
                   after: str | None, convert: Callable[[R], T],
                   default: int = 50) -> Connection[T]:
    """One page as a connection: `load(offset, limit)` reads it (`default` when `first` is
    null or left out)."""
    size = page_size(first, default)
    start = decode_cursor(after)
    page = await load(start, size)
    return connection_from_items(page.items, start, page.total, convert)
