"""Turning a reviewer's correction into a judging example of the rule's `examples` field.

The rules whose examples can carry a pass/fail correction, and how, are in
`example_shapes.py`; any other rule type is refused by name. The excerpt is what the
rule judged: the user's message and the agent's reply at the judged turn for a rule that
reads the last turn (`llm_score` by default, any rule with `scope: last_turn`), the dialog up to the judged turn for a rule that reads
the whole dialog (shortened in the middle past 2,000 characters).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agenteval.domain.alignment.example_shapes import SHAPES
from agenteval.domain.alignment.reviewed import ReviewedJudgement

MAX_EXCERPT_CHARS = 2000
MAX_WHY_CHARS = 1000
LAST_TURN_RULES = frozenset({"llm_score"})  # the rules whose default scope is last_turn


def alignable(rule_type: str) -> bool:
    return rule_type in SHAPES


def alignable_rule_types() -> list[str]:
    return sorted(SHAPES)


def _turns(item: ReviewedJudgement) -> list[dict[str, Any]]:
    turns = [t for t in item.transcript if t.get("role") in ("user", "assistant")]
    if item.judged_turn is not None:
        turns = turns[: 2 * (item.judged_turn + 1)]
    return turns


def _line(turn: dict[str, Any]) -> str:
    return f"{'User' if turn.get('role') == 'user' else 'Agent'}: {turn.get('content') or ''}"


def judged_exchange(item: ReviewedJudgement) -> str:
    """'User: … Agent: …' of the judged turn (the last exchange when it is unknown)."""
    turns = _turns(item)
    last_user = next((t for t in reversed(turns) if t.get("role") == "user"), None)
    last_agent = next((t for t in reversed(turns) if t.get("role") == "assistant"), None)
    parts = [_line(t) for t in (last_user, last_agent) if t is not None]
    text = " ".join(" ".join(parts).split())
    return text[:MAX_EXCERPT_CHARS] or "(empty)"


def judged_excerpt(item: ReviewedJudgement) -> str:
    """What the rule read: the judged exchange, or the dialog up to the judged turn."""
    default = "last_turn" if item.rule_type in LAST_TURN_RULES else "full_dialog"
    if item.rule_params.get("scope", default) == "last_turn":
        return judged_exchange(item)
    text = " ".join(" ".join(_line(t) for t in _turns(item)).split())
    if len(text) > MAX_EXCERPT_CHARS:
        half = (MAX_EXCERPT_CHARS - 3) // 2
        text = f"{text[:half]} … {text[-half:]}"
    return text or "(empty)"


def example_of(item: ReviewedJudgement) -> dict[str, Any] | None:
    """The judging example a correction stands for, with the reviewer's note as `why`;
    None when the rule's example cannot state the reviewer's verdict (example_shapes.py)."""
    shape = SHAPES.get(item.rule_type)
    params = {**item.rule_params, **({"scorecard_item": item.scorecard_item}
                                     if item.scorecard_item else {})}
    verdict = shape[1](params, item.human_passed) if shape else None
    if verdict is None:
        return None
    why = item.note or ("a reviewer judged this passed" if item.human_passed
                        else "a reviewer judged this failed")
    return {"dialog_excerpt": judged_excerpt(item), **verdict, "why": why[:MAX_WHY_CHARS]}


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
