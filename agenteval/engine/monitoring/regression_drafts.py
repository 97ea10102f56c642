"""createCaseFromConversation: loading a monitored conversation, its red-line hits and the
scenario the case is meant for (drafting is domain/monitoring/regression_case.py; the
draft is saved by the scenario mutations, like createCaseFromSession's)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.domain.monitoring.dialogs import dialog_of
from agenteval.domain.monitoring.regression_case import ConversationDraft, draft_from_conversation
from agenteval.engine.catalog.scenarios import get_scenario
from agenteval.errors import NotFound, ValidationFailed
from agenteval.store.monitoring import red_line_queue
from agenteval.store.monitoring.reads import messages_of
from agenteval.store.monitoring.settings import find_monitor


@dataclass(frozen=True)
class ConversationCaseDraft:
    draft: ConversationDraft
    conversation_id: uuid.UUID
    scenario_id: uuid.UUID | None
    scenario_name: str


async def draft_case_from_conversation(conversation_id: uuid.UUID, up_to_turn: int | None,
                                       scenario_id: uuid.UUID | None,
                                       new_name: str | None) -> ConversationCaseDraft:
    if (scenario_id is None) == (new_name is None):
        raise ValidationFailed.one("scenarioId", "give exactly one of scenarioId and "
                                                 "newScenarioName")
    conversation = await red_line_queue.conversation(conversation_id)
    if conversation is None:
        raise NotFound("no such monitored conversation")
    dialog, _ = dialog_of(await messages_of(conversation.id))
    if not dialog:
        raise ValidationFailed.one("conversationId", "the conversation has no turns")
    last = len(dialog) - 1 if up_to_turn is None else up_to_turn
    if not 0 <= last < len(dialog):
        raise ValidationFailed.one("upToTurn", f"must be a 0-based turn of the conversation "
                                               f"(0..{len(dialog) - 1})")
    taken: list[str] = []
    if scenario_id is None:
        assert new_name is not None
        errors = FieldErrors()
        check_text(errors, "newScenarioName", new_name, max_length=MAX_NAME, required=True)
        errors.raise_if_any()
        name = new_name.strip()
    else:
        scenario = await get_scenario(scenario_id)
        name, taken = scenario.name, [str(case["id"]) for case in scenario.cases]
    hits: list[dict[str, Any]] = []
    for hit in await red_line_queue.hits_of(conversation.id):
        monitor = await find_monitor(hit.monitor_id)
        spec = next((s for s in (monitor.red_lines if monitor else [])
                     if s.get("type") == hit.rule_type), {})
        if not any(h["rule_type"] == hit.rule_type and h["turn"] == hit.turn_position
                   for h in hits):
            hits.append({"rule_type": hit.rule_type, "turn": hit.turn_position,
                         "params": spec.get("params") or {}})
    draft = draft_from_conversation(conversation.external_id, dialog, last, hits, taken)
    return ConversationCaseDraft(draft, conversation.id, scenario_id, name)
