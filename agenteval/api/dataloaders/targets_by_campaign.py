"""A campaign's targets, oldest first (Campaign.targets)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import list_per_key
from agenteval.engine.catalog import reads
from agenteval.store.models import Target


def targets_by_campaign() -> DataLoader[uuid.UUID, list[Target]]:
    return list_per_key(reads.targets_by_campaign)
