"""A campaign's runs, oldest first (Campaign.runs)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import list_per_key
from agenteval.engine.static import reads
from agenteval.store.models import Run


def runs_by_campaign() -> DataLoader[uuid.UUID, list[Run]]:
    return list_per_key(reads.runs_by_campaign)
