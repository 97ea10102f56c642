"""Monitor: a selection of conversations, what to judge, sampling and a model budget."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from agenteval.store import models
from agenteval.store.monitoring.settings import MonitorSettings


@strawberry.type(description="What to judge among a source's production conversations.")
class Monitor:
    id: strawberry.ID
    name: str
    source_id: strawberry.ID | None
    metadata_match: JSON
    judge: JSON = strawberry.field(description="{kind: rules, rules, expectation?, ruleLogic?}")
    red_lines: JSON = strawberry.field(description="Model-free rules checked on every "
                                                   "assistant turn at once; alert on a hit.")
    sample_rate: float
    stratify_by: str | None
    daily_model_budget: int | None
    active: bool
    created_at: datetime

    @classmethod
    def from_row(cls, row: models.Monitor | MonitorSettings) -> Monitor:
        return cls(id=strawberry.ID(str(row.id)), name=row.name,
                   source_id=strawberry.ID(str(row.source_id)) if row.source_id else None,
                   metadata_match=JSON(row.metadata_match), judge=JSON(row.judge),
                   red_lines=JSON(row.red_lines), sample_rate=row.sample_rate,
                   stratify_by=row.stratify_by, daily_model_budget=row.daily_model_budget,
                   active=row.active, created_at=row.created_at)
