"""Pure checks behind `task_completion`: judge claims against the dialog, step order, rates.

- A claim's `turn_index` must be one of the dialog's turns (`turn_index_valid`).
- A claim's `quote` must occur in the dialog, whitespace and case normalised
  and surrounding quotation marks ignored (`quote_verified`). An unverified
  quote is reported, not overruled: the judge's filled/done still counts.
- Step order: the steps are required in the order listed. A done step whose
  turn comes BEFORE the turn of a done step listed earlier is `in_order:
  false`. Steps not done, or with no valid turn, have `in_order: null`.
  Out-of-order steps count as done unless `strict_order` is set;
  `steps_in_order` is the share of ordered done steps that are in order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agenteval.domain.judging.cases import Turn
from agenteval.rules.dialog_format import turn_texts

_SPACE = re.compile(r"\s+")
_QUOTE_MARKS = "\"'“”‘’「」『』`"


def normalise(text: str) -> str:
    return _SPACE.sub(" ", text).strip().strip(_QUOTE_MARKS).strip().casefold()


def check_claims(items: Sequence[dict[str, Any]], answers: dict[str, Any], flag: str,
                 dialog: Sequence[Turn]) -> list[dict[str, Any]]:
    """One record per required item: its name, description, the judge's claim and our checks."""
    texts = turn_texts(dialog)
    whole = normalise("\n".join(texts.values()))
    checked = []
    for item in items:
        claim = answers.get(item["name"]) or {}
        done = bool(claim.get(flag))
        turn_index = claim.get("turn_index")
        quote = claim.get("quote")
        record: dict[str, Any] = {"name": item["name"], "description": item["description"],
                                  flag: done, "turn_index": turn_index, "quote": quote}
        if turn_index is not None:
            record["turn_index_valid"] = turn_index in texts
        if done:
            record["quote_verified"] = bool(quote and normalise(quote)
                                            and normalise(quote) in whole)
        checked.append(record)
    return checked


def mark_step_order(steps: list[dict[str, Any]]) -> None:
    """Set `in_order` on each step record (see the module docstring)."""
    for position, step in enumerate(steps):
        turn = _known_turn(step)
        if turn is None:
            step["in_order"] = None
            continue
        earlier = (_known_turn(previous) for previous in steps[:position])
        step["in_order"] = all(t is None or t <= turn for t in earlier)


def _known_turn(step: dict[str, Any]) -> int | None:
    if not step.get("done") or step.get("turn_index_valid") is not True:
        return None
    turn: int = step["turn_index"]  # an int whenever turn_index_valid is True
    return turn


def slot_rate(slots: Sequence[dict[str, Any]]) -> float:
    return sum(1 for slot in slots if slot["filled"]) / len(slots)


def step_rate(steps: Sequence[dict[str, Any]], strict_order: bool) -> float:
    counted = [s for s in steps if s["done"] and not (strict_order and s["in_order"] is False)]
    return len(counted) / len(steps)


def steps_in_order_share(steps: Sequence[dict[str, Any]]) -> float | None:
    ordered = [step["in_order"] for step in steps if step["in_order"] is not None]
    return round(sum(ordered) / len(ordered), 4) if ordered else None
