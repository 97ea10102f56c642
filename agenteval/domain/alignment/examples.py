"""Turning a reviewer's correction into a judging example of the rule's `examples` field.

Only rules whose example verdict follows from a pass/fail correction can be aligned:
`llm_score` (a reviewer's "passed" is an example scored 10, "failed" one scored 0).
The excerpt is the judged exchange: the user's message and the agent's reply at the
judged turn (the last ones of the transcript when the turn is unknown).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from agenteval.domain.alignment.reviewed import ReviewedJudgement

MAX_EXCERPT_CHARS = 2000
MAX_WHY_CHARS = 1000

# rule type → (the example's verdict key, the verdict a reviewer's pass/fail stands for)
ALIGNABLE: dict[str, tuple[str, Callable[[bool], Any]]] = {
    "llm_score": ("score", lambda passed: 10 if passed else 0),
}


def alignable(rule_type: str) -> bool:
    return rule_type in ALIGNABLE


def judged_exchange(item: ReviewedJudgement) -> str:
    """'User: … Agent: …' of the judged turn (the last exchange when it is unknown)."""
    turns = [t for t in item.transcript if t.get("role") in ("user", "assistant")]
    if item.judged_turn is not None:
        turns = turns[: 2 * (item.judged_turn + 1)]
    last_user = next((t for t in reversed(turns) if t.get("role") == "user"), None)
    last_agent = next((t for t in reversed(turns) if t.get("role") == "assistant"), None)
    parts = []
    if last_user is not None:
        parts.append(f"User: {last_user.get('content') or ''}")
    if last_agent is not None:
        parts.append(f"Agent: {last_agent.get('content') or ''}")
    text = " ".join(" ".join(parts).split())
    return text[:MAX_EXCERPT_CHARS] or "(empty)"


def example_of(item: ReviewedJudgement) -> dict[str, Any]:
    """The judging example a correction stands for, with the reviewer's note as `why`."""
    key, verdict = ALIGNABLE[item.rule_type]
    why = item.note or ("a reviewer judged this passed" if item.human_passed
                        else "a reviewer judged this failed")
    return {"dialog_excerpt": judged_exchange(item), key: verdict(item.human_passed),
            "why": why[:MAX_WHY_CHARS]}


def merged_examples(own: Sequence[dict[str, Any]], added: Sequence[dict[str, Any]],
                    cap: int) -> list[dict[str, Any]]:
    """The rule's own examples first, then the revision's ones it does not already have,
    at most `cap` in all (a rule's own examples are never dropped for a revision's)."""
    merged = list(own)[:cap]
    for example in added:
        if len(merged) >= cap:
            break
        if example not in merged:
            merged.append(dict(example))
    return merged
