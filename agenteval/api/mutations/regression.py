"""Mutations that draft regression cases from an intelligent eval (drafts only: saving goes
through createScenario / updateScenario)."""

from __future__ import annotations

import strawberry
from strawberry import UNSET

from agenteval.api.ids import parse_id
from agenteval.api.permissions import IsOperator
from agenteval.api.types.static.regression_draft import CaseDraft
from agenteval.api.unset import value
from agenteval.engine.intelligent.regression_drafts import (
    draft_case_from_finding,
    draft_case_from_session,
)


@strawberry.type
class RegressionMutations:
    @strawberry.mutation(permission_classes=[IsOperator],
                         description="A draft case from a finding: the user turns of its "
                         "evidence's session up to the evidence's turn, with checks on that "
                         "turn. Give exactly one of scenarioId and newScenarioName.")
    async def create_case_from_finding(
            self, finding_id: strawberry.ID, scenario_id: strawberry.ID | None = UNSET,
            new_scenario_name: str | None = UNSET) -> CaseDraft:
        wanted = value(scenario_id)
        return CaseDraft.from_draft(await draft_case_from_finding(
            str(finding_id), None if wanted is None else parse_id(wanted, "scenarioId"),
            value(new_scenario_name)))

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="A draft case from a session's user turns up to upToTurn "
                         "(0-based; default its last). Give exactly one of scenarioId and "
                         "newScenarioName.")
    async def create_case_from_session(
            self, session_id: strawberry.ID, up_to_turn: int | None = UNSET,
            scenario_id: strawberry.ID | None = UNSET,
            new_scenario_name: str | None = UNSET) -> CaseDraft:
        wanted = value(scenario_id)
        return CaseDraft.from_draft(await draft_case_from_session(
            parse_id(session_id, "sessionId"), value(up_to_turn),
            None if wanted is None else parse_id(wanted, "scenarioId"),
            value(new_scenario_name)))
