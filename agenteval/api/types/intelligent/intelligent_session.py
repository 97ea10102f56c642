"""Session, Message, MessageExchange, Verdict and VerdictIssue."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any

import strawberry
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.types.enums import MessageRole, SessionStatus, Severity
from agenteval.api.types.review import HumanReview
from agenteval.domain.intelligent.eval_records import MessageRecord, SessionRecord
from agenteval.engine.review.reads import latest_by_target
from agenteval.engine.review.record import session_target
from agenteval.store import models
from agenteval.store.evals.database_evals import session_row

if TYPE_CHECKING:
    from agenteval.api.types.intelligent.intelligent_eval import IntelligentEval


@strawberry.type
class VerdictIssue:
    description: str
    severity: Severity
    turn_index: int | None = strawberry.field(description="0-based user turn (the first is 0); people are shown it from 1 (turn 1)")


@strawberry.type
class Verdict:
    goal_achieved: bool
    achievement: float
    issues: list[VerdictIssue]
    suggestions: list[str]
    notes: str | None
    provenance: JSON | None = strawberry.field(
        default=None, description="Who played the session's turns and wrote the verdict: "
                                  "model or script, and why.")

    @classmethod
    def from_json(cls, verdict: dict[str, Any]) -> Verdict:
        return cls(goal_achieved=verdict["goalAchieved"], achievement=verdict["achievement"],
                   issues=[VerdictIssue(description=i["description"],
                                        severity=Severity(i["severity"]),
                                        turn_index=i.get("turnIndex"))
                           for i in verdict.get("issues") or []],
                   suggestions=list(verdict.get("suggestions") or []), notes=verdict.get("notes"),
                   provenance=verdict.get("provenance"))


@strawberry.type
class Message:
    id: strawberry.ID
    session_id: strawberry.ID
    index: int = strawberry.field(description="0-based position in the session")
    turn_index: int = strawberry.field(description="0-based user turn (the first is 0); people are shown it from 1 (turn 1)")
    role: MessageRole
    content: str
    latency_ms: int | None
    error: str | None
    created_at: datetime
    sanitized: list[str] | None = strawberry.field(
        default=None, description="What was replaced to store the target's reply: "
        "lone_surrogate (invalid Unicode, now U+FFFD), nul (removed); null when nothing was.")

    @classmethod
    def from_row(cls, row: models.EvalMessage | MessageRecord) -> Message:
        return cls(id=strawberry.ID(str(row.id)), session_id=strawberry.ID(str(row.session_id)),
                   index=row.index, turn_index=row.turn_index, role=MessageRole(row.role),
                   content=row.content, latency_ms=row.latency_ms, error=row.error,
                   created_at=row.created_at, sanitized=row.sanitized or None)


@strawberry.type
class Session:
    id: strawberry.ID
    eval_id: strawberry.ID
    persona: JSON
    goal: str
    dimension: str | None
    virtual_user_index: int | None
    time_slot_index: int | None
    status: SessionStatus
    verdict: Verdict | None
    turn_count: int
    created_at: datetime
    closed_at: datetime | None
    row: strawberry.Private[models.EvalSession]

    @strawberry.field
    async def eval(self, info: ResolverInfo) -> Annotated[IntelligentEval, strawberry.lazy(
            "agenteval.api.types.intelligent.intelligent_eval")]:
        from agenteval.api.types.intelligent.intelligent_eval import IntelligentEval

        return IntelligentEval.from_row(await info.context.loaders.eval_by_id.load(
            self.row.eval_id))

    @strawberry.field
    async def messages(self, info: ResolverInfo) -> list[Message]:
        rows = await info.context.loaders.messages_by_session.load(self.row.id)
        return [Message.from_row(row) for row in rows]

    @strawberry.field(description="The latest human review of the session's verdict, if any.")
    async def review(self, info: ResolverInfo) -> HumanReview | None:
        rows = await info.context.loaders.reviews_by_owner.load(self.row.eval_id)
        latest = latest_by_target(rows).get(session_target(self.row.id))
        return None if latest is None else HumanReview.from_row(latest)

    @classmethod
    def from_record(cls, record: SessionRecord) -> Session:
        """A session as its eval's actor answers it (createSession)."""
        return cls.from_row(session_row(record))

    @classmethod
    def from_row(cls, row: models.EvalSession) -> Session:
        return cls(id=strawberry.ID(str(row.id)), eval_id=strawberry.ID(str(row.eval_id)),
                   persona=JSON(row.persona), goal=row.goal, dimension=row.dimension,
                   virtual_user_index=row.virtual_user_index, time_slot_index=row.time_slot_index,
                   status=SessionStatus(row.status),
                   verdict=Verdict.from_json(row.verdict) if row.verdict else None,
                   turn_count=row.turn_count, created_at=row.created_at,
                   closed_at=row.closed_at, row=row)


@strawberry.type
class MessageExchange:
    user_message: Message
    reply: Message
    # The session as the actor answered it; a Session (an unsaved row built from the
    # record) only when the client selects it: sendMessage's callers rarely do.
    session_record: strawberry.Private[SessionRecord]

    @strawberry.field
    def session(self) -> Session:
        return Session.from_record(self.session_record)
