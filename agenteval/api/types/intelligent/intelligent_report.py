"""Report, DimensionScore, Finding, Evidence and Highlight (built from the stored report JSON)."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import strawberry
from strawberry.scalars import JSON

from agenteval.api.context import ResolverInfo
from agenteval.api.types.enums import Severity
from agenteval.api.types.review import HumanReview
from agenteval.domain.judging.case_origin import finding_id
from agenteval.engine.review.reads import latest_by_target
from agenteval.engine.review.record import finding_target


@strawberry.type
class DimensionScore:
    dimension: str
    score: float


@strawberry.type
class Evidence:
    session_id: strawberry.ID
    turn_index: int = strawberry.field(description="0-based user turn (the first is 0); people are shown it from 1 (turn 1)")
    user_said: str | None
    assistant_replied: str | None
    verified: bool


@strawberry.type
class Finding:
    issue: str
    severity: Severity
    dimension: str | None
    evidence: list[Evidence]
    suggestion: str
    related_sop: str | None
    index: int | None = strawberry.field(
        default=None, description="The finding's position in the report (reviewFinding).")
    eval_id: strawberry.Private[uuid.UUID | None] = None

    @strawberry.field(description="The finding's id (<eval id>:<index>), for "
                                  "createCaseFromFinding; null outside an eval's report.")
    def id(self) -> strawberry.ID | None:
        if self.eval_id is None or self.index is None:
            return None
        return strawberry.ID(finding_id(str(self.eval_id), self.index))

    @strawberry.field(description="The latest human review of this finding, if any.")
    async def review(self, info: ResolverInfo) -> HumanReview | None:
        if self.eval_id is None or self.index is None:
            return None
        rows = await info.context.loaders.reviews_by_owner.load(self.eval_id)
        latest = latest_by_target(rows).get(finding_target(self.index))
        return None if latest is None else HumanReview.from_row(latest)


@strawberry.type
class Highlight:
    description: str
    dimension: str | None


@strawberry.type
class Report:
    summary: str
    scores: list[DimensionScore] | None
    findings: list[Finding]
    highlights: list[Highlight]
    priority_recommendations: list[str]
    submitted_at: datetime
    provenance: JSON | None = strawberry.field(
        default=None, description="Who wrote the report: model or script, and why.")

    @classmethod
    def from_json(cls, report: dict[str, Any], eval_id: uuid.UUID | None = None) -> Report:
        scores = report.get("scores")
        return cls(
            summary=report["summary"],
            scores=None if scores is None else [DimensionScore(dimension=s["dimension"],
                                                               score=s["score"]) for s in scores],
            findings=[_finding(f, index, eval_id)
                      for index, f in enumerate(report["findings"])],
            highlights=[Highlight(description=h["description"], dimension=h.get("dimension"))
                        for h in report.get("highlights") or []],
            priority_recommendations=list(report.get("priorityRecommendations") or []),
            submitted_at=datetime.fromisoformat(report["submittedAt"]),
            provenance=report.get("provenance"))


def _finding(finding: dict[str, Any], index: int, eval_id: uuid.UUID | None) -> Finding:
    return Finding(
        index=index, eval_id=eval_id,
        issue=finding["issue"], severity=Severity(finding["severity"]),
        dimension=finding.get("dimension"), suggestion=finding["suggestion"],
        related_sop=finding.get("relatedSop"),
        evidence=[Evidence(session_id=strawberry.ID(e["sessionId"]), turn_index=e["turnIndex"],
                           user_said=e.get("userSaid"), assistant_replied=e.get("assistantReplied"),
                           verified=bool(e.get("verified"))) for e in finding["evidence"]])
