"""Search and order for the long lists (targets, scenarios, campaigns, intelligent evals).

Every argument is optional: left out, a list reads as before (the contract's order). The
search is a case-insensitive substring of the name, done by the database (the adapters'
queries: `store/paging.py`), so paging and `totalCount` count the matches.
"""

from __future__ import annotations

from enum import Enum

import strawberry

from agenteval.domain.limits import MAX_NAME
from agenteval.errors import ValidationFailed


@strawberry.enum(description="How a list is ordered; ties are broken by id, so paging is stable.")
class ListOrder(Enum):
    NEWEST_FIRST = "NEWEST_FIRST"
    OLDEST_FIRST = "OLDEST_FIRST"
    NAME_ASC = "NAME_ASC"
    NAME_DESC = "NAME_DESC"


def search_term(search: str | None, argument: str = "search") -> str | None:
    """What to search the names for (stripped), or None for every row when it is blank."""
    if search is None or not search.strip():
        return None
    if len(search) > MAX_NAME:
        raise ValidationFailed([{"path": argument,
                                 "message": f"at most {MAX_NAME} characters"}])
    return search.strip()


def order_name(order: ListOrder | None, default: ListOrder) -> str:
    """The order's name, as the store's list queries take it (`default` when left out)."""
    return (order or default).value
