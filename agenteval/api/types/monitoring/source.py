"""MonitoredSource: where production conversations come from."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from agenteval.store import models


@strawberry.type(description="Where production conversations come from (POST /api/ingest, "
                             "OTLP). Sending to an unknown name creates one (autoCreated).")
class MonitoredSource:
    id: strawberry.ID
    name: str
    target_id: strawberry.ID | None
    quiet_period_seconds: float = strawberry.field(
        description="A conversation closes (and is judged) this long after its last turn.")
    masking: JSON = strawberry.field(description="{enabled, kinds}: personal data masked "
                                                 "with stable pseudonyms before storage.")
    retention_days: float | None
    auto_created: bool
    created_at: datetime

    @classmethod
    def from_row(cls, row: models.MonitoredSource) -> MonitoredSource:
        return cls(id=strawberry.ID(str(row.id)), name=row.name,
                   target_id=strawberry.ID(str(row.target_id)) if row.target_id else None,
                   quiet_period_seconds=row.quiet_period_s, masking=JSON(row.masking),
                   retention_days=row.retention_days, auto_created=row.auto_created,
                   created_at=row.created_at)
