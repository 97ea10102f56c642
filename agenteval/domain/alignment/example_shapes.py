"""How a reviewer's pass/fail correction becomes a judging example of each alignable rule.

A correction says only "the rule should have passed" or "should have failed". An example
must state the verdict the rule's `examples` field holds (a score, a slot's filled flag,
an intent, a yes/no). A shape writes that verdict only when the pass/fail determines it;
otherwise the correction is not an example (None) — never a guessed verdict:

- `llm_score`: passed → score 10, failed → score 0 (passed means score ≥ min_score).
- `task_completion`: only a rule with exactly one slot or one step in play and a
  min_completion_rate in (0, 1]: then passed ⇔ that item counted, so the example is
  `{"item": "slot:<name>" | "step:<name>", "filled": passed}`. With several items a
  failed rule does not say which one was missed: not an example.
- `intent_classification`: passed → the user showed the expected intent (and the agent
  understood it): `{"intent": expected_intent}`. A failed verdict does not say which intent
  the user had (or whether only the understanding was wrong): not an example.
- `qa_llm_dimension`: passed is "yes" unless a not-applicable situation also passes
  (`if_not_applicable: pass`); failed is "no" unless not-applicable also fails (the
  default). So one direction per setting carries a verdict. A scorecard item reviewed as
  fired/not fired arrives with `if_not_applicable` set from its `hit_when` (not applicable
  never fires), so the same rule holds. The example keeps the dimension (it is applied to
  that dimension only) and the scorecard item it came from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Verdict = Callable[[Mapping[str, Any], bool], dict[str, Any] | None]


def _llm_score(params: Mapping[str, Any], passed: bool) -> dict[str, Any] | None:
    return {"score": 10 if passed else 0}


def single_task_item(params: Mapping[str, Any]) -> str | None:
    """'slot:<name>' or 'step:<name>' when the rule judges exactly one item that alone
    decides it; None otherwise."""
    mode = params.get("mode") or "slot"
    slots = list(params.get("required_slots") or []) if mode in ("slot", "hybrid") else []
    steps = list(params.get("required_steps") or []) if mode in ("step", "hybrid") else []
    rate = params.get("min_completion_rate", 0.6)
    if len(slots) + len(steps) != 1 or not isinstance(rate, (int, float)) or not 0 < rate <= 1:
        return None
    return f"slot:{slots[0]['name']}" if slots else f"step:{steps[0]['name']}"


def _task_completion(params: Mapping[str, Any], passed: bool) -> dict[str, Any] | None:
    item = single_task_item(params)
    return None if item is None else {"item": item, "filled": passed}


def _intent(params: Mapping[str, Any], passed: bool) -> dict[str, Any] | None:
    expected = params.get("expected_intent")
    return {"intent": expected} if passed and isinstance(expected, str) else None


def _dimension(params: Mapping[str, Any], passed: bool) -> dict[str, Any] | None:
    dimension = params.get("dimension")
    if not isinstance(dimension, str):
        return None
    not_applicable_passes = params.get("if_not_applicable", "fail") == "pass"
    if passed == not_applicable_passes:
        return None  # "not applicable" would give the same verdict: no yes/no to write
    shown: dict[str, Any] = {"dimension": dimension, "verdict": "yes" if passed else "no"}
    if params.get("scorecard_item"):
        shown["scorecardItem"] = params["scorecard_item"]
    return shown


# rule type → (the example's verdict key, the verdict a correction stands for)
SHAPES: dict[str, tuple[str, Verdict]] = {
    "llm_score": ("score", _llm_score),
    "task_completion": ("filled", _task_completion),
    "intent_classification": ("intent", _intent),
    "qa_llm_dimension": ("verdict", _dimension),
}
