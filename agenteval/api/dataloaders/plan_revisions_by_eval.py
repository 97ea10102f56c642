"""An eval's submitted plans, oldest first (IntelligentEval.planHistory)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import list_per_key
from agenteval.engine.intelligent import reads
from agenteval.store.models import PlanRevision


def plan_revisions_by_eval() -> DataLoader[uuid.UUID, list[PlanRevision]]:
    return list_per_key(reads.plan_revisions_by_eval)
