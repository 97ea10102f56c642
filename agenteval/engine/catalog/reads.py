"""Read models of the catalogue: targets, scenarios, campaigns and model configs.

Lookups by many ids answer with one statement per call, so the API's
DataLoaders can batch a whole page's relations.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from agenteval.store.models import Campaign, Scenario, Target


async def find_target(target_id: uuid.UUID) -> Target | None:
    return await Target.get_or_none(id=target_id)


async def targets_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Target]:
    return {row.id: row for row in await Target.filter(id__in=list(set(ids)))}


async def targets_by_campaign(campaign_ids: Sequence[uuid.UUID]
                              ) -> dict[uuid.UUID, list[Target]]:
    """Each campaign's targets, oldest first (one statement through the link table)."""
    found: dict[uuid.UUID, list[Target]] = {campaign_id: [] for campaign_id in campaign_ids}
    links = await Campaign.filter(id__in=list(found)).values_list("id", "targets__id")
    target_ids = [target_id for _, target_id in links if target_id is not None]
    targets = await targets_by_ids(target_ids) if target_ids else {}
    for campaign_id, target_id in links:
        if target_id is not None:
            found[campaign_id].append(targets[target_id])
    for rows in found.values():
        rows.sort(key=lambda row: (row.created_at, str(row.id)))
    return found


async def find_scenario(scenario_id: uuid.UUID) -> Scenario | None:
    return await Scenario.get_or_none(id=scenario_id)


async def scenarios_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Scenario]:
    return {row.id: row for row in await Scenario.filter(id__in=list(set(ids)))}


async def find_campaign(campaign_id: uuid.UUID) -> Campaign | None:
    return await Campaign.get_or_none(id=campaign_id)


async def campaigns_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Campaign]:
    return {row.id: row for row in await Campaign.filter(id__in=list(set(ids)))}

