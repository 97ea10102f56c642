"""The draft createCaseFromConversation returns (shaped like createCaseFromSession's)."""

from __future__ import annotations

import strawberry

from agenteval.api.types.static.static_scenario import Case
from agenteval.engine.monitoring.regression_drafts import ConversationCaseDraft


@strawberry.type(name="ConversationCaseDraft",
                 description="A case drafted from a production conversation (not saved): "
                             "save it with updateScenario or createScenario.")
class ConversationCaseDraftType:
    case: Case
    conversation_id: strawberry.ID = strawberry.field(description="The draft's origin.")
    scenario_id: strawberry.ID | None
    scenario_name: str
    notes: list[str]

    @classmethod
    def from_draft(cls, drafted: ConversationCaseDraft) -> ConversationCaseDraftType:
        return cls(case=Case.from_spec(drafted.draft.case),
                   conversation_id=strawberry.ID(str(drafted.conversation_id)),
                   scenario_id=None if drafted.scenario_id is None else strawberry.ID(
                       str(drafted.scenario_id)),
                   scenario_name=drafted.scenario_name, notes=list(drafted.draft.notes))
