"""Judge alignment: Alignment (one "align" attempt) and JudgeRevision (an examples overlay)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import Any

import strawberry
from strawberry.scalars import JSON

from agenteval.domain.alignment.revisions import ActiveRevision
from agenteval.store.models import AlignmentRow, JudgeRevisionRow


@strawberry.enum(description="How candidate examples are chosen among reviewers' corrections "
                             "(docs/judge-alignment.md).")
class AlignmentStrategy(Enum):
    MOST_RECENT = "MOST_RECENT"
    MOST_DISAGREEING = "MOST_DISAGREEING"
    DIVERSE = "DIVERSE"


@strawberry.enum(description="RUNNING while the held-out reviews are judged in the "
                             "background; FAILED when the attempt could not finish (the judge "
                             "model failed, or its process stopped): never adopted.")
class AlignmentDecision(Enum):
    ADOPTED = "ADOPTED"
    REJECTED = "REJECTED"
    REFUSED = "REFUSED"
    RUNNING = "RUNNING"
    FAILED = "FAILED"


@strawberry.type(description="The judge's agreement with reviewers on the held-out items.")
class AlignmentSide:
    reviewed: int
    agreed: int
    agreement: float
    kappa: float | None
    kappa_low: float = strawberry.field(description="95 % paired-bootstrap interval of κ.")
    kappa_high: float

    @classmethod
    def from_json(cls, side: dict[str, Any] | None) -> AlignmentSide | None:
        if not side:
            return None
        return cls(reviewed=side["reviewed"], agreed=side["agreed"],
                   agreement=side["agreement"], kappa=side["kappa"],
                   kappa_low=side["kappaLow"], kappa_high=side["kappaHigh"])


@strawberry.type(description="One alignment attempt, whatever its decision.")
class Alignment:
    id: strawberry.ID
    rule_type: str
    language: str
    judge_model: str
    strategy: AlignmentStrategy
    seed: int
    decision: AlignmentDecision
    reason: str
    reviewed: int
    corrections: int = strawberry.field(description="Reviewed items the reviewer corrected.")
    held_out_count: int
    train_item_ids: list[str]
    held_out_item_ids: list[str]
    candidate_examples: JSON = strawberry.field(
        description="The examples tried (with the item each came from).")
    before: AlignmentSide | None = strawberry.field(description="The current revision.")
    after: AlignmentSide | None = strawberry.field(description="The candidate revision.")
    delta_kappa: float | None
    delta_kappa_low: float | None = strawberry.field(
        description="Adopted only when this lower bound of Δκ's 95 % interval is above 0.")
    delta_kappa_high: float | None
    base_revision: int | None
    adopted_revision: int | None
    created_by: str | None
    created_at: datetime
    finished_at: datetime | None = strawberry.field(
        default=None, description="Null while RUNNING (and for attempts recorded before "
                                  "attempts ran in the background).")

    @classmethod
    def from_row(cls, row: AlignmentRow) -> Alignment:
        measured = row.measurement or {}
        split = row.split or {}
        return cls(
            id=strawberry.ID(str(row.id)), rule_type=row.rule_type, language=row.language,
            judge_model=row.judge_model, strategy=AlignmentStrategy(row.strategy),
            seed=row.seed, decision=AlignmentDecision(row.decision), reason=row.reason,
            reviewed=row.reviewed, corrections=row.corrections, held_out_count=row.held_out,
            train_item_ids=list(split.get("train") or []),
            held_out_item_ids=list(split.get("heldOut") or []),
            candidate_examples=JSON(row.candidate_examples or []),
            before=AlignmentSide.from_json(measured.get("before")),
            after=AlignmentSide.from_json(measured.get("after")),
            delta_kappa=measured.get("deltaKappa"), delta_kappa_low=measured.get("deltaLow"),
            delta_kappa_high=measured.get("deltaHigh"), base_revision=row.base_revision,
            adopted_revision=row.adopted_revision, created_by=row.created_by,
            created_at=row.created_at, finished_at=row.finished_at)


@strawberry.type(description="Judging examples learnt from reviewers, added to a rule's own "
                             "at judge time for one rule type, language and judge model.")
class JudgeRevision:
    id: strawberry.ID
    rule_type: str
    language: str
    judge_model: str
    number: int
    label: str = strawberry.field(description="As results record it in detail.judge.revision.")
    examples: JSON
    active: bool
    alignment_id: strawberry.ID | None
    created_by: str | None
    created_at: datetime
    activated_at: datetime | None

    @classmethod
    def from_row(cls, row: JudgeRevisionRow) -> JudgeRevision:
        label = ActiveRevision(row.rule_type, row.language, row.judge_model, row.number,
                               tuple(row.examples or [])).label
        return cls(id=strawberry.ID(str(row.id)), rule_type=row.rule_type,
                   language=row.language, judge_model=row.judge_model, number=row.number,
                   label=label, examples=JSON(row.examples or []), active=row.active,
                   alignment_id=None if row.alignment_id is None
                   else strawberry.ID(str(row.alignment_id)),
                   created_by=row.created_by, created_at=row.created_at,
                   activated_at=row.activated_at)
