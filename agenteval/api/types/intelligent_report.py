"""Report, DimensionScore, Finding, Evidence and Highlight (built from the stored report JSON)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry

from agenteval.api.types.enums import Severity


@strawberry.type
class DimensionScore:
    dimension: str
    score: float


@strawberry.type
class Evidence:
    session_id: strawberry.ID
    turn_index: int
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

    @classmethod
    def from_json(cls, report: dict[str, Any]) -> Report:
        scores = report.get("scores")
        return cls(
            summary=report["summary"],
            scores=None if scores is None else [DimensionScore(dimension=s["dimension"],
                                                               score=s["score"]) for s in scores],
            findings=[_finding(f) for f in report["findings"]],
            highlights=[Highlight(description=h["description"], dimension=h.get("dimension"))
                        for h in report.get("highlights") or []],
            priority_recommendations=list(report.get("priorityRecommendations") or []),
            submitted_at=datetime.fromisoformat(report["submittedAt"]))


def _finding(finding: dict[str, Any]) -> Finding:
    return Finding(
        issue=finding["issue"], severity=Severity(finding["severity"]),
        dimension=finding.get("dimension"), suggestion=finding["suggestion"],
        related_sop=finding.get("relatedSop"),
        evidence=[Evidence(session_id=strawberry.ID(e["sessionId"]), turn_index=e["turnIndex"],
                           user_said=e.get("userSaid"), assistant_replied=e.get("assistantReplied"),
                           verified=bool(e.get("verified"))) for e in finding["evidence"]])
