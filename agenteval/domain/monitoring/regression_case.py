"""A production conversation drafted as a regression case (pure).

The user's messages up to `up_to_turn` become the case's messages (sent again over one
conversation); every red line the conversation crossed at or before that turn becomes a
check on that turn with the same model-free rule, so the case fails as long as the bot
repeats the flaw. Messages are the stored ones: personal data stays masked
(`[PHONE#…]` tokens), which the draft's notes say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleSpec, Turn, TurnCheck

_KEY_SAFE = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True)
class ConversationDraft:
    case: CaseSpec
    notes: list[str] = field(default_factory=list)


def draft_from_conversation(external_id: str, dialog: list[Turn], up_to_turn: int,
                            hits: list[dict[str, Any]], taken_keys: list[str]
                            ) -> ConversationDraft:
    turns = dialog[:up_to_turn + 1]
    messages = [t.sent_message for t in turns]
    checks: dict[int, TurnCheck] = {}
    for hit in hits:
        index = int(hit["turn"])
        if index > up_to_turn:
            continue
        rules = [*checks.get(index, TurnCheck()).eval_rules,
                 RuleSpec(type=str(hit["rule_type"]), params=dict(hit.get("params") or {}))]
        checks[index] = TurnCheck(eval_rules=rules)
    base = "conversation-" + (_KEY_SAFE.sub("-", external_id).strip("-")[:60] or "x")
    key, suffix = base, 2
    while key in taken_keys:
        key, suffix = f"{base}-{suffix}", suffix + 1
    notes = [f"Drafted from the production conversation {external_id!r}, turns 0–{up_to_turn}."]
    if any("[" in m and "#" in m for m in messages):
        notes.append("Personal data is masked in the messages ([PHONE#…] tokens): replace "
                     "them with test values before saving if the bot needs real ones.")
    if not checks:
        notes.append("No red line was crossed up to this turn: add the checks this case "
                     "should hold.")
    case = CaseSpec(key=key, messages=messages,
                    type="MULTI_TURN" if len(messages) > 1 else "SINGLE_TURN",
                    turn_checks=checks, tags=["production"])
    return ConversationDraft(case, notes)
