"""CaseOutcome with its Turns and RuleResults."""

from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from agenteval.api.types.enums import SuccessLevel
from agenteval.domain.run_views import RuleResultView
from agenteval.engine.static.run_store import StoredOutcome


@strawberry.type
class Turn:
    index: int
    sent_message: str
    reply: str | None
    latency_ms: int | None
    error: str | None


@strawberry.type
class RuleResult:
    rule_type: str
    implicit: bool
    passed: bool
    score: float
    weight: float
    detail: JSON
    error: str | None

    @classmethod
    def from_view(cls, view: RuleResultView) -> RuleResult:
        return cls(rule_type=view["rule_type"], implicit=view["implicit"], passed=view["passed"],
                   score=view["score"], weight=view["weight"], detail=JSON(view["detail"]),
                   error=view["error"])


@strawberry.type
class CaseOutcome:
    case_key: str
    attempt: int
    passed: bool
    success_level: SuccessLevel
    score: float
    intent_passed: bool | None
    completion_rate: float | None
    turns: list[Turn]
    results: list[RuleResult]
    error: str | None
    tags: list[str] | None = strawberry.field(description="The case's tags in the scenario.")

    @classmethod
    def from_stored(cls, stored: StoredOutcome) -> CaseOutcome:
        view = stored.view
        return cls(case_key=view["case_key"], attempt=view["attempt"], passed=view["passed"],
                   success_level=SuccessLevel(view["success_level"]), score=view["score"],
                   intent_passed=stored.intent_passed, completion_rate=stored.completion_rate,
                   turns=[Turn(**turn) for turn in view["turns"]],
                   results=[RuleResult.from_view(result) for result in view["results"]],
                   error=view["error"], tags=list(view["tags"]))
