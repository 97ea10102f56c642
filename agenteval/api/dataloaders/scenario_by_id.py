"""Scenarios by id (Campaign.scenario)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import one_per_key
from agenteval.engine.catalog import reads
from agenteval.store.models import Scenario


def scenario_by_id() -> DataLoader[uuid.UUID, Scenario]:
    return one_per_key(reads.scenarios_by_ids, "scenario")
