"""Inputs of intelligent evaluation, and their conversion to the validators' JSON shape.

The domain validators take plain dicts with the client's camelCase names
(so error paths read `plan.budget.totalMaxTurns`); `as_json` converts.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

import strawberry
from strawberry import UNSET
from strawberry.scalars import JSON
from strawberry.utils.str_converters import to_camel_case

from agenteval.api.types.enums import Severity


def as_json(value: Any) -> Any:
    """A strawberry input (nested) as camelCase JSON; fields left out are omitted."""
    if isinstance(value, Enum):
        return value.value
    definition = getattr(value, "__strawberry_definition__", None)
    if definition is not None:
        result = {}
        for field in definition.fields:
            item = getattr(value, field.python_name)
            if item is UNSET:
                continue
            result[field.graphql_name or to_camel_case(field.python_name)] = as_json(item)
        return result
    if isinstance(value, list):
        return [as_json(item) for item in value]
    return value


# Optional on what an agent submits; the built-in driver always sends it (domain/intelligent/provenance.py).
PROVENANCE_HELP = ("Who produced this: the configured model or the scripted fallback, and why "
                   '(e.g. {"source": "script", "model": "smollm2", "reason": "invalid_output"}).')

LANGUAGE_HELP = ("The language the built-in driver writes the plan, verdicts and report in: "
                 "zh or en (kept as seeds.language). When left out, the goal decides, or the "
                 "seeds when the goal has no letters: Chinese when the text holds at least as "
                 "many CJK characters as Latin words.")


@strawberry.input
class CreateIntelligentEvalInput:
    name: str
    target_id: strawberry.ID
    goal: str
    seeds: JSON
    intent: str
    role_description: str
    time_window_hours: int = 24
    language: str | None = strawberry.field(
        default=UNSET, description=LANGUAGE_HELP)


@strawberry.input
class VirtualUserInput:
    persona: JSON
    goal: str
    dimension: str | None = UNSET


@strawberry.input
class TimeSlotInput:
    time_slot: str
    sessions: int
    scenario: str | None = UNSET


@strawberry.input
class BudgetInput:
    max_turns_per_session: int
    total_max_turns: int


@strawberry.input
class PlanInput:
    dimensions: list[str]
    virtual_users: list[VirtualUserInput]
    time_distribution: list[TimeSlotInput]
    estimated_sessions: int
    budget: BudgetInput
    completion_criteria: str | None = UNSET
    provenance: JSON | None = strawberry.field(default=UNSET, description=PROVENANCE_HELP)


@strawberry.input
class CreateSessionInput:
    persona: JSON
    goal: str
    dimension: str | None = UNSET
    virtual_user_index: int | None = UNSET
    time_slot_index: int | None = UNSET
    idempotency_key: str | None = UNSET


@strawberry.input
class VerdictIssueInput:
    description: str
    severity: Severity
    turn_index: int | None = UNSET


@strawberry.input
class VerdictInput:
    goal_achieved: bool
    achievement: float
    issues: list[VerdictIssueInput] = strawberry.field(default_factory=list)
    suggestions: list[str] = strawberry.field(default_factory=list)
    notes: str | None = UNSET
    provenance: JSON | None = strawberry.field(default=UNSET, description=PROVENANCE_HELP)


@strawberry.input
class DimensionScoreInput:
    dimension: str
    score: float


@strawberry.input
class EvidenceInput:
    session_id: strawberry.ID
    turn_index: int
    user_said: str | None = UNSET
    assistant_replied: str | None = UNSET


@strawberry.input
class FindingInput:
    issue: str
    severity: Severity
    dimension: str | None = UNSET
    evidence: list[EvidenceInput]
    suggestion: str
    related_sop: str | None = UNSET


@strawberry.input
class HighlightInput:
    description: str
    dimension: str | None = UNSET


@strawberry.input
class ReportInput:
    summary: str
    scores: list[DimensionScoreInput] | None = UNSET
    findings: list[FindingInput]
    highlights: list[HighlightInput] = strawberry.field(default_factory=list)
    priority_recommendations: list[str] = strawberry.field(default_factory=list)
    provenance: JSON | None = strawberry.field(default=UNSET, description=PROVENANCE_HELP)
