"""Targets by id (Run.target, IntelligentEval.target, Campaign.targets' rows)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import one_per_key
from agenteval.engine.catalog import reads
from agenteval.store.models import Target


def target_by_id() -> DataLoader[uuid.UUID, Target]:
    return one_per_key(reads.targets_by_ids, "target")
