"""Read models of the catalogue: targets, scenarios, campaigns and model configs.

Lookups by many ids answer with one statement per call, so the API's
DataLoaders can batch a whole page's relations.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from agenteval.store.catalog import campaigns, scenarios, targets
from agenteval.store.catalog.campaigns import Campaign
from agenteval.store.catalog.scenarios import Scenario
from agenteval.store.catalog.targets import Target


async def find_target(target_id: uuid.UUID) -> Target | None:
    return await targets.find(target_id)


async def targets_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Target]:
    return await targets.by_ids(ids)


async def targets_by_campaign(campaign_ids: Sequence[uuid.UUID]
                              ) -> dict[uuid.UUID, list[Target]]:
    """Each campaign's targets, oldest first (one statement through the link table)."""
    return await targets.by_campaign(campaign_ids)


async def find_scenario(scenario_id: uuid.UUID) -> Scenario | None:
    return await scenarios.find(scenario_id)


async def scenarios_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Scenario]:
    return await scenarios.by_ids(ids)


async def find_campaign(campaign_id: uuid.UUID) -> Campaign | None:
    return await campaigns.find(campaign_id)


async def campaigns_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Campaign]:
    return await campaigns.by_ids(ids)
