"""Campaigns on the database: lookups, a campaign stored with its targets, and its runs
queued together.

The rows still cross this port (the API's types read their attributes); exported here so
the engine names them without importing the models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from tortoise.transactions import in_transaction

from agenteval.store.models import Campaign, Run, Scenario, Target
from agenteval.store.paging import Page, in_list_order, named, page_of, where_given

__all__ = ["Campaign", "Run", "by_ids", "campaign_page", "create", "find", "offline_target",
           "queue_offline", "queue_runs", "targets_of", "transaction"]


async def find(campaign_id: uuid.UUID) -> Campaign | None:
    return await Campaign.get_or_none(id=campaign_id)


async def campaign_page(search: str | None, scenario_id: uuid.UUID | None, order: str,
                        offset: int, limit: int) -> Page[Campaign]:
    """The campaigns whose name contains `search` (every one when None), of one scenario
    when given, in the list order named `order` (`store.paging.LIST_ORDERS`)."""
    query = named(Campaign.all(), search)
    query = where_given(query, scenario_id=scenario_id)
    return await page_of(in_list_order(query, order), offset, limit)


async def by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Campaign]:
    return {row.id: row for row in await Campaign.filter(id__in=list(set(ids)))}


async def create(name: str, scenario: Scenario, repeat: int, concurrency: int,
                 targets: Sequence[Target]) -> Campaign:
    """The campaign and its target links, in one transaction."""
    async with in_transaction():
        campaign = await Campaign.create(name=name, scenario=scenario, repeat=repeat,
                                         concurrency=concurrency)
        await campaign.targets.add(*targets)
    return campaign


async def targets_of(campaign: Campaign) -> list[Target]:
    """The campaign's targets, oldest first."""
    return list(await campaign.targets.all().order_by("created_at", "id"))


async def queue_runs(campaign: Campaign, scenario: Scenario, targets: Sequence[Target]
                     ) -> list[Run]:
    """One QUEUED run per target with the scenario's cases, in one transaction."""
    async with in_transaction():
        return [await Run.create(campaign=campaign, target=target, status="QUEUED",
                                 cases=scenario.cases, repeat=campaign.repeat,
                                 concurrency=campaign.concurrency,
                                 total=len(scenario.cases) * campaign.repeat)
                for target in targets]


def transaction() -> Any:
    """One transaction around several of these writes (an offline run's scenario, campaign
    and run): the writes inside it join it."""
    return in_transaction()


async def offline_target(target_id: uuid.UUID, defaults: dict[str, Any]) -> Target:
    """The built-in offline target, made on first use."""
    target, _ = await Target.get_or_create(id=target_id, defaults=defaults)
    return target


async def queue_offline(scenario: Scenario, target: Target, name: str,
                        cases: list[dict[str, Any]], skipped: list[dict[str, str]] | None,
                        set_id: uuid.UUID | None) -> Run:
    """A campaign of the scenario on the offline target, and its QUEUED offline run."""
    campaign = await Campaign.create(name=name, scenario=scenario, repeat=1, concurrency=8)
    await campaign.targets.add(target)
    return await Run.create(campaign=campaign, target=target, status="QUEUED", cases=cases,
                            repeat=1, concurrency=8, total=len(cases), offline=True,
                            conversation_set_id=set_id, offline_skipped=skipped)
