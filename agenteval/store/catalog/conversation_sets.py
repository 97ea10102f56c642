"""Conversation sets on the database (logged dialogs imported to be judged offline).

The rows still cross this port (the API's types read their attributes); exported here so
the engine names them without importing the models."""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.store.models import ConversationSet
from agenteval.store.paging import Page, in_list_order, named, page_of

__all__ = ["ConversationSet", "create", "find", "remove", "set_page"]


async def create(**values: Any) -> ConversationSet:
    return await ConversationSet.create(**values)


async def find(set_id: uuid.UUID) -> ConversationSet | None:
    return await ConversationSet.get_or_none(id=set_id)


async def set_page(search: str | None, order: str, offset: int, limit: int
                   ) -> Page[ConversationSet]:
    """The sets whose name contains `search` (every one when None), in the list order named
    `order` (`store.paging.LIST_ORDERS`)."""
    return await page_of(in_list_order(named(ConversationSet.all(), search), order), offset,
                         limit)


async def remove(found: ConversationSet) -> None:
    await found.delete()
