"""Scenarios on the database: lookups (one id, many ids), writes, and a delete refused
while a campaign uses the scenario.

The rows still cross this port (the API's types read their attributes); exported here so
the engine names them without importing the models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from tortoise.transactions import in_transaction

from agenteval.store.models import Campaign, Scenario
from agenteval.store.paging import Page, in_list_order, named, page_of

__all__ = ["Scenario", "by_ids", "create", "delete_unless_used", "find", "scenario_page",
           "write"]


async def find(scenario_id: uuid.UUID) -> Scenario | None:
    return await Scenario.get_or_none(id=scenario_id)


async def scenario_page(search: str | None, order: str, offset: int, limit: int
                        ) -> Page[Scenario]:
    """The scenarios whose name contains `search` (every one when None), in the list order
    named `order` (`store.paging.LIST_ORDERS`)."""
    return await page_of(in_list_order(named(Scenario.all(), search), order), offset, limit)


async def by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Scenario]:
    return {row.id: row for row in await Scenario.filter(id__in=list(set(ids)))}


async def create(name: str, description: str | None, cases: list[dict[str, Any]]) -> Scenario:
    return await Scenario.create(name=name, description=description, cases=cases)


async def write(scenario: Scenario) -> None:
    await scenario.save()


async def delete_unless_used(scenario: Scenario) -> bool:
    """Delete the scenario unless a campaign uses it (checked and deleted together)."""
    async with in_transaction():
        if await Campaign.filter(scenario_id=scenario.id).exists():
            return False
        await scenario.delete()
    return True
