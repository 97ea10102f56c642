"""Intelligent evals by id (Session.eval)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import one_per_key
from agenteval.engine.intelligent import reads
from agenteval.store.models import IntelligentEval


def eval_by_id() -> DataLoader[uuid.UUID, IntelligentEval]:
    return one_per_key(reads.evals_by_ids, "intelligent eval")
