"""Targets on the database: lookups, lookups for many ids at once (the API's DataLoaders),
writes, and a delete refused while anything uses the target.

The rows still cross this port (the API's types and the channels read their attributes);
they are exported here so the engine names them without importing the models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from tortoise.transactions import in_transaction

from agenteval.store.models import Campaign, IntelligentEval, Run, Target
from agenteval.store.paging import Page, in_list_order, named, page_of

__all__ = ["Target", "create", "delete_unless_used", "find", "write", "by_campaign", "by_ids",
           "target_page"]


async def find(target_id: uuid.UUID) -> Target | None:
    return await Target.get_or_none(id=target_id)


async def target_page(search: str | None, order: str, offset: int, limit: int
                      ) -> Page[Target]:
    """The targets whose name contains `search` (every one when None), in the list order
    named `order` (`store.paging.LIST_ORDERS`)."""
    return await page_of(in_list_order(named(Target.all(), search), order), offset, limit)


async def by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Target]:
    return {row.id: row for row in await Target.filter(id__in=list(set(ids)))}


async def by_campaign(campaign_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, list[Target]]:
    """Each campaign's targets, oldest first (one statement through the link table)."""
    found: dict[uuid.UUID, list[Target]] = {campaign_id: [] for campaign_id in campaign_ids}
    links = await Campaign.filter(id__in=list(found)).values_list("id", "targets__id")
    target_ids = [target_id for _, target_id in links if target_id is not None]
    targets = await by_ids(target_ids) if target_ids else {}
    for campaign_id, target_id in links:
        if target_id is not None:
            found[campaign_id].append(targets[target_id])
    for rows in found.values():
        rows.sort(key=lambda row: (row.created_at, str(row.id)))
    return found


async def create(**values: Any) -> Target:
    return await Target.create(**values)


async def write(target: Target) -> None:
    await target.save()


async def delete_unless_used(target: Target) -> list[str]:
    """What uses the target ("an intelligent eval", "a campaign"); when nothing does, it is
    deleted (checked and deleted in one transaction)."""
    async with in_transaction():
        users = []
        if await IntelligentEval.filter(target_id=target.id).exists():
            users.append("an intelligent eval")
        if await Campaign.filter(targets__id=target.id).exists() or \
                await Run.filter(target_id=target.id).exists():
            users.append("a campaign")
        if not users:
            await target.delete()
    return users
