"""EvalEvent: one entry of an eval's gap-free event log."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from agenteval.api.types.enums import EvalEventType, IntelligentEvalStatus
from agenteval.store import models


@strawberry.type
class EvalEvent:
    id: strawberry.ID
    eval_id: strawberry.ID
    sequence: int
    type: EvalEventType
    status: IntelligentEvalStatus
    session_id: strawberry.ID | None
    detail: JSON | None
    at: datetime

    @classmethod
    def from_row(cls, row: models.EvalEvent) -> EvalEvent:
        return cls(id=strawberry.ID(str(row.id)), eval_id=strawberry.ID(str(row.eval_id)),
                   sequence=row.sequence, type=EvalEventType(row.type),
                   status=IntelligentEvalStatus(row.status),
                   session_id=strawberry.ID(str(row.session_id)) if row.session_id else None,
                   detail=JSON(row.detail) if row.detail is not None else None, at=row.at)
