"""Which judge to trust: human agreement per JUDGE-backed rule type and judge model."""

from __future__ import annotations

import strawberry

from agenteval.api.permissions import CanRead
from agenteval.api.types.review import RuleJudgeAgreement
from agenteval.engine.review.reads import agreement_by_judge_rule


@strawberry.type
class ReviewQueries:
    @strawberry.field(permission_classes=[CanRead],
                      description="Across all runs, over reviewed attempts that carry a "
                                  "JUDGE-backed rule: the automatic level against the human "
                                  "one, per rule type and judge model.")
    async def judge_agreement(self) -> list[RuleJudgeAgreement] | None:
        return [RuleJudgeAgreement.from_data(a) for a in await agreement_by_judge_rule()]
