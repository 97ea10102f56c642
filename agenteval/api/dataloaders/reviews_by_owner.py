"""Every human review of a run or an eval (ReviewRecords, reviews of outcomes and findings)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import list_per_key
from agenteval.engine.review.reads import reviews_by_owner as load_reviews
from agenteval.store import models


def reviews_by_owner() -> DataLoader[uuid.UUID, list[models.HumanReviewRow]]:
    return list_per_key(load_reviews)
