"""The model usage of runs and of evals (Run.usage, IntelligentEval.usage), one query a page."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import list_per_key
from agenteval.engine.catalog import usage
from agenteval.store.usage import UsageGroup


def usage_by_run() -> DataLoader[uuid.UUID, list[UsageGroup]]:
    return list_per_key(usage.usage_groups_of_runs)


def usage_by_eval() -> DataLoader[uuid.UUID, list[UsageGroup]]:
    return list_per_key(usage.usage_groups_of_evals)
