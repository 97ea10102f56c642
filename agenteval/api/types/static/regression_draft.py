"""CaseDraft: a regression case drafted from a finding or session, not saved yet."""

from __future__ import annotations

import strawberry

from agenteval.api.types.static.static_scenario import Case
from agenteval.engine.intelligent.regression_drafts import RegressionDraft


@strawberry.type(description="A case drafted for the scenario editor (not saved): save it "
                             "with updateScenario (existing scenario) or createScenario "
                             "(new name).")
class CaseDraft:
    case: Case
    scenario_id: strawberry.ID | None = strawberry.field(
        description="The existing scenario it is meant for; null for a new one.")
    scenario_name: str
    notes: list[str] = strawberry.field(
        description="What to know before saving: checks left out (no JUDGE model), "
                    "unverified evidence, other sessions the finding cites.")

    @classmethod
    def from_draft(cls, drafted: RegressionDraft) -> CaseDraft:
        return cls(case=Case.from_spec(drafted.draft.case),
                   scenario_id=None if drafted.scenario_id is None else strawberry.ID(
                       str(drafted.scenario_id)),
                   scenario_name=drafted.scenario_name, notes=list(drafted.draft.notes))
