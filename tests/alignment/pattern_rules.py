"""A local judge that is wrong on pattern P unless its prompt shows an example of P, for
task_completion, intent_classification and qa_llm_dimension, and their reviewed items.

- task_completion, one slot "solved" (the agent solved the problem itself): the judge says
  filled for a hand-off reply (P, `pattern_judge.P`) unless the examples mention it;
  reviewers say not filled. Q ("please wait") it says filled whatever it is shown.
- intent_classification (expected "refund"): a user asking to get their cash returned
  (P_INTENT) is classified "other" unless the examples mention it; reviewers pass it.
  Q_INTENT ("sort this out") is "other" whatever it is shown.
- qa_llm_dimension ("Did the agent solve the problem itself?"): the judge answers yes to
  the hand-off (P) unless the examples mention it; reviewers say no.
Everything else it judges right: "refund is done" solves it, "I don't know" does not;
"I want a refund" is refund, "where is my parcel" is delivery.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.llm import InMemoryResponseCache, ModelEndpoint, ModelRegistry
from tests.alignment.pattern_judge import MODEL, REPLIES, P, Q
from tests.support.fake_llm_server import FakeLLMServer

P_INTENT = "get my cash returned"
Q_INTENT = "sort this out"
DIMENSION = "Did the agent solve the problem itself?"
SLOT = {"name": "solved", "description": "the agent solved the user's problem itself"}
TAXONOMY = {"refund": "wants money back", "delivery": "asks where the order is"}
USER = {"P": f"Please {P_INTENT} for order 7.", "Q": f"Please {Q_INTENT} for order 7.",
        "good": "I want a refund for order 7.", "bad": "Where is my parcel, order 7?"}
PARAMS: dict[str, dict[str, Any]] = {
    "task_completion": {"mode": "slot", "required_slots": [SLOT]},
    "intent_classification": {"expected_intent": "refund", "intent_taxonomy": TAXONOMY},
    "qa_llm_dimension": {"dimension": DIMENSION, "if_not_applicable": "pass"},
}


def _solved(dialog: str, head: str) -> bool:
    if P in dialog:
        return P not in head
    return Q in dialog or "refund is done" in dialog


def rules_answer(body: Any) -> str:
    prompt = str(body["messages"][-1]["content"])
    head, _, dialog = prompt.partition("\nDialog:\n")
    dialog = dialog.split("\n\n")[0]
    turn = int(m.group(1)) if (m := re.search(r"\[turn (\d+)\] agent", dialog)) else 0
    if "Slots (information" in head:
        filled = _solved(dialog, head)
        return json.dumps({"slots": {"solved": {"filled": filled, "turn_index": turn if filled
                                                else None, "quote": None}},
                           "rationale": "pattern judge"})
    if "Classify what the USER wants" in head:
        if P_INTENT in dialog:
            intent = "refund" if P_INTENT in head else "other"
        elif Q_INTENT in dialog:
            intent = "other"
        else:
            intent = "refund" if "a refund" in dialog else "delivery"
        return json.dumps({"intent": intent, "understanding": "correct", "confidence": 0.9,
                           "rationale": "pattern judge"})
    said = "yes" if _solved(dialog, head) else "no"
    return json.dumps({"verdict": said, "evidence": [{"turn_index": turn, "quote": "",
                                                     "reason": "pattern judge"}],
                       "rationale": "pattern judge"})


@asynccontextmanager
async def rules_judge(**server: Any) -> AsyncIterator[tuple[FakeLLMServer, ModelRegistry,
                                                            InMemoryResponseCache]]:
    async with FakeLLMServer(chat=rules_answer, **server) as fake:
        endpoint = ModelEndpoint(role="JUDGE", model=MODEL, base_url=fake.url,
                                 params={"backoff_s": 0.01, "timeout_s": 5})
        registry = ModelRegistry([endpoint])
        try:
            yield fake, registry, InMemoryResponseCache()
        finally:
            await registry.aclose()


def item(rule_type: str, kind: str, index: int, *, machine: bool, human: bool,
         params: dict[str, Any] | None = None) -> ReviewedJudgement:
    """One reviewed judgement of `rule_type` on a dialog of `kind` (P, Q, good, bad)."""
    intent = rule_type == "intent_classification"
    return ReviewedJudgement(
        item_id=f"{rule_type}-{kind}-{index:03d}", rule_type=rule_type, language="en",
        judge_model=MODEL, rule_params=dict(params or PARAMS[rule_type]),
        transcript=[{"role": "user", "content": USER[kind] if intent
                     else f"Order {index} never arrived, help?"},
                    {"role": "assistant", "content": "Let me check." if intent
                     else REPLIES[kind]}],
        judged_turn=0, machine_passed=machine, human_passed=human,
        reviewed_at=datetime(2026, 12, 1, tzinfo=UTC) + timedelta(minutes=index),
        note="reviewer's correction")


def reviewed_set(rule_type: str, wrong_kind: str | None, count: int = 40,
                 params: dict[str, Any] | None = None) -> list[ReviewedJudgement]:
    """`count` items each of good (passes), bad (fails) and `wrong_kind`, which the judge
    gets wrong: it fails the intent reviewers pass, passes the hand-off reviewers fail."""
    items = [item(rule_type, "good", i, machine=True, human=True, params=params)
             for i in range(count)]
    items += [item(rule_type, "bad", i, machine=False, human=False, params=params)
              for i in range(count)]
    if wrong_kind is not None:
        judge_passes = rule_type != "intent_classification"
        items += [item(rule_type, wrong_kind, i, machine=judge_passes, human=not judge_passes,
                       params=params) for i in range(count)]
    return items
