"""Campaigns by id (Run.campaign)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import one_per_key
from agenteval.engine.catalog import reads
from agenteval.store.models import Campaign


def campaign_by_id() -> DataLoader[uuid.UUID, Campaign]:
    return one_per_key(reads.campaigns_by_ids, "campaign")
