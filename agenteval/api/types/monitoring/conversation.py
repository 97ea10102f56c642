"""A monitored conversation, its turns (masked), red-line hits, verdicts and alerts."""

from __future__ import annotations

from datetime import datetime

import strawberry
from strawberry.scalars import JSON

from agenteval.store import models


@strawberry.type
class MonitoredTurn:
    position: int | None
    message_key: str
    role: str
    content: str = strawberry.field(description="As stored: personal data masked.")
    sent_at: datetime
    latency_ms: int | None
    tool_calls: JSON | None

    @classmethod
    def from_row(cls, row: models.MonitoredTurn) -> MonitoredTurn:
        return cls(position=row.position, message_key=row.message_key, role=row.role,
                   content=row.content, sent_at=row.sent_at, latency_ms=row.latency_ms,
                   tool_calls=JSON(row.tool_calls) if row.tool_calls else None)


@strawberry.type
class MonitoredConversation:
    id: strawberry.ID
    source_id: strawberry.ID
    external_id: str
    status: str = strawberry.field(description="OPEN, CLOSED (waiting to be judged) or JUDGED.")
    version: int = strawberry.field(description="Times it closed; a late turn reopens it.")
    turn_count: int
    metadata: JSON
    inferred: bool = strawberry.field(description="Grouped from traces by shared prefix.")
    first_seen_at: datetime
    last_turn_at: datetime

    @classmethod
    def from_row(cls, row: models.MonitoredConversation) -> MonitoredConversation:
        return cls(id=strawberry.ID(str(row.id)), source_id=strawberry.ID(str(row.source_id)),
                   external_id=row.external_id, status=row.status, version=row.version,
                   turn_count=row.turn_count, metadata=JSON(row.metadata),
                   inferred=row.inferred, first_seen_at=row.first_seen_at,
                   last_turn_at=row.last_turn_at)


@strawberry.type
class RedLineHit:
    id: strawberry.ID
    monitor_id: strawberry.ID
    conversation_id: strawberry.ID
    rule_type: str
    turn: int
    quote: str = strawberry.field(description="Cut from the stored (masked) reply.")
    detail: JSON
    created_at: datetime

    @classmethod
    def from_row(cls, row: models.RedLineHit) -> RedLineHit:
        return cls(id=strawberry.ID(str(row.id)), monitor_id=strawberry.ID(str(row.monitor_id)),
                   conversation_id=strawberry.ID(str(row.conversation_id)),
                   rule_type=row.rule_type, turn=row.turn_position, quote=row.quote,
                   detail=JSON(row.detail), created_at=row.created_at)


@strawberry.type
class MonitorVerdict:
    monitor_id: strawberry.ID
    conversation_id: strawberry.ID
    version: int
    status: str = strawberry.field(description="JUDGED, NOT_SAMPLED or SKIPPED_BUDGET (the "
                                               "model-judged rules left out) or ERROR.")
    passed: bool | None
    success_level: str | None
    score: float | None
    results: JSON
    judged_at: datetime

    @classmethod
    def from_row(cls, row: models.MonitorVerdict) -> MonitorVerdict:
        return cls(monitor_id=strawberry.ID(str(row.monitor_id)),
                   conversation_id=strawberry.ID(str(row.conversation_id)),
                   version=row.version, status=row.status, passed=row.passed,
                   success_level=row.success_level, score=row.score,
                   results=JSON(row.results), judged_at=row.judged_at)


@strawberry.type
class MonitorAlert:
    id: strawberry.ID
    monitor_id: strawberry.ID
    kind: str = strawberry.field(description="RED_LINE or DROP.")
    conversation_id: strawberry.ID | None
    rule_type: str | None
    state: str = strawberry.field(description="OPEN, ACKNOWLEDGED or MUTED.")
    detail: JSON
    created_at: datetime

    @classmethod
    def from_row(cls, row: models.MonitorAlert) -> MonitorAlert:
        return cls(id=strawberry.ID(str(row.id)), monitor_id=strawberry.ID(str(row.monitor_id)),
                   kind=row.kind,
                   conversation_id=(strawberry.ID(str(row.conversation_id))
                                    if row.conversation_id else None),
                   rule_type=row.rule_type, state=row.state, detail=JSON(row.detail),
                   created_at=row.created_at)
