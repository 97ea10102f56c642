"""Plan, VirtualUser, TimeSlot, Budget and PlanRevision (built from the stored plan JSON)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import strawberry
from strawberry.scalars import JSON

from agenteval.store import models


@strawberry.type
class VirtualUser:
    persona: JSON
    goal: str
    dimension: str | None


@strawberry.type
class TimeSlot:
    time_slot: str
    sessions: int
    scenario: str | None


@strawberry.type
class Budget:
    max_turns_per_session: int
    total_max_turns: int


@strawberry.type
class Plan:
    dimensions: list[str]
    virtual_users: list[VirtualUser]
    time_distribution: list[TimeSlot]
    estimated_sessions: int
    budget: Budget
    completion_criteria: str | None
    provenance: JSON | None = strawberry.field(
        default=None, description="Who produced the plan: model or script, and why.")

    @classmethod
    def from_json(cls, plan: dict[str, Any]) -> Plan:
        return cls(
            dimensions=list(plan["dimensions"]),
            virtual_users=[VirtualUser(persona=u["persona"], goal=u["goal"],
                                       dimension=u.get("dimension"))
                           for u in plan["virtualUsers"]],
            time_distribution=[TimeSlot(time_slot=s["timeSlot"], sessions=s["sessions"],
                                        scenario=s.get("scenario"))
                               for s in plan["timeDistribution"]],
            estimated_sessions=plan["estimatedSessions"],
            budget=Budget(max_turns_per_session=plan["budget"]["maxTurnsPerSession"],
                          total_max_turns=plan["budget"]["totalMaxTurns"]),
            completion_criteria=plan.get("completionCriteria"),
            provenance=plan.get("provenance"))


@strawberry.type
class PlanRevision:
    revision: int
    plan: Plan
    submitted_at: datetime
    feedback: str | None
    rejected_at: datetime | None

    @classmethod
    def from_row(cls, row: models.PlanRevision) -> PlanRevision:
        return cls(revision=row.revision, plan=Plan.from_json(row.plan),
                   submitted_at=row.submitted_at, feedback=row.feedback,
                   rejected_at=row.rejected_at)
