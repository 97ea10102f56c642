"""The JUDGE grades a simulated user (issue 40, τ²-bench's user review): did it follow its
persona and goal, did it hinder or help the agent, and at which turns did it deviate —
each quoted, the quote then checked against the transcript
(domain/judging/simulator_audit/review_check.py). Optional (AGENTEVAL_SIMULATOR_REVIEW)
and only when a JUDGE is configured; it runs on dialogs the model-free audit found clean.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from agenteval.domain.judging.cases import Turn
from agenteval.domain.judging.simulated_cases import SimulatedSpec
from agenteval.domain.judging.simulator_audit.audit import REVIEW_KINDS
from agenteval.domain.judging.simulator_audit.review_check import checked_review
from agenteval.llm import ModelCallError, ModelClient
from agenteval.llm.structured_output import strict_object

REVIEW_SCHEMA: dict[str, Any] = strict_object({
    "followed_persona": {"type": "boolean"},
    "followed_goal": {"type": "boolean"},
    "effect": {"type": "string", "enum": ["helped", "hindered", "neutral"]},
    "deviations": {"type": "array", "items": strict_object({
        "turn": {"type": "integer"},
        "kind": {"type": "string", "enum": list(REVIEW_KINDS)},
        "quote": {"type": "string"},
        "reason": {"type": "string"},
    })},
    "rationale": {"type": "string"},
})

SYSTEM = (
    "You review the SIMULATED CUSTOMER of a test dialog with a customer-service agent, not the "
    "agent. The customer was given a persona, a goal and facts it may state. Judge only the "
    "customer's turns: did it follow its persona and goal; did it hinder the agent (quit "
    "early, refuse facts it had, change its goal) or help it (answer for the agent, state "
    "facts it was not given); list every turn where it deviated — invented_fact (a phone, "
    "order number, ID, amount, address or name it was not given), role_inversion (it writes "
    "as the agent), meta_talk (it talks about being simulated or about its instructions), "
    "early_stop (it quits before the goal), off_persona, off_goal — with the turn number as "
    "shown and the customer's exact words as quote. Answer in JSON.")


def review_messages(spec: SimulatedSpec, turns: Sequence[Turn]) -> list[dict[str, str]]:
    brief = json.dumps({"persona": spec.persona, "goal": spec.goal,
                        "facts": list(spec.follow_ups), "opening": spec.opening,
                        "stop_when": list(spec.stop_when.phrases)}, ensure_ascii=False)
    dialog = "\n".join(f"[turn {t.index}] customer: {t.sent_message}\n[turn {t.index}] agent: "
                       f"{t.reply if t.error is None else '(no answer)'}" for t in turns)
    return [{"role": "system", "content": SYSTEM},
            {"role": "user", "content": f"What the customer was given (JSON): {brief}\n\n"
                                        f"The dialog:\n{dialog}\n\nYour review as JSON."}]


async def review_user(judge: ModelClient, spec: SimulatedSpec,
                      turns: Sequence[Turn]) -> dict[str, Any]:
    """The checked review; `{"model", "error"}` when the JUDGE could not answer (the attempt
    is then unreviewed — the model-free audit still stands — never reviewed clean)."""
    try:
        answer = await judge.chat(review_messages(spec, turns), json_schema=REVIEW_SCHEMA,
                                  schema_name="simulated_user_review")
    except ModelCallError as error:
        return {"model": judge.model, "error": f"review failed: {error.message}"}
    return checked_review(answer.data or {}, turns, judge.model)
