"""Conversation sets on the database (logged dialogs imported to be judged offline).

The rows still cross this port (the API's types read their attributes); exported here so
the engine names them without importing the models."""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.store.models import ConversationSet

__all__ = ["ConversationSet", "create", "find", "remove"]


async def create(**values: Any) -> ConversationSet:
    return await ConversationSet.create(**values)


async def find(set_id: uuid.UUID) -> ConversationSet | None:
    return await ConversationSet.get_or_none(id=set_id)


async def remove(found: ConversationSet) -> None:
    await found.delete()
