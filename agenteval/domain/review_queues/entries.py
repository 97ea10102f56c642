"""A stored rule result as a reviewer's rubric entries, and the signals a plan selects on.

One entry per rule result (`rule:<position>`) and one per judged scorecard item
(`scorecard:<position>:<item>`); `verdict` is "the rule passed" for a rule and
"the item fired" for a scorecard item; `judged` marks rules a JUDGE model decided.
A result that could not judge has no verdict to review and gives no entry.
"Two rules disagree": two results of one rule type on one item gave different verdicts.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any


def _evidence(detail: Mapping[str, Any]) -> tuple[str | None, int | None]:
    for evidence in detail.get("evidence") or []:
        if isinstance(evidence, Mapping) and evidence.get("quote"):
            return str(evidence["quote"]), evidence.get("turn_index")
    return detail.get("quote"), detail.get("turn_index")


def rubric_entries(position: int, rule_type: str, passed: bool, detail: Mapping[str, Any],
                   error: str | None, judged: Collection[str]) -> list[dict[str, Any]]:
    if error is not None:
        return []
    judge = detail.get("judge") or {}
    quote, turn = _evidence(detail)
    entries = [{"key": f"rule:{position}", "ruleType": rule_type,
                "judged": rule_type in judged, "verdict": passed, "quote": quote,
                "turnIndex": turn, "judgeModel": judge.get("model"),
                "reasoning": detail.get("rationale") or detail.get("reason"),
                "language": detail.get("language"),
                "params": (detail.get("rule") or {}).get("params")}]
    for item in detail.get("items") or [] if rule_type == "scorecard" else []:
        if isinstance(item, Mapping) and item.get("status") in ("hit", "no_hit"):
            quote, turn = _evidence(item)
            entries.append({"key": f"scorecard:{position}:{item.get('item')}",
                            "ruleType": f"scorecard:{item.get('item')}", "judged": False,
                            "verdict": item["status"] == "hit", "quote": quote,
                            "turnIndex": turn, "judgeModel": None, "reasoning": None,
                            "critical": bool(item.get("critical"))})
    return entries


def signals(results: Sequence[tuple[str, bool, Mapping[str, Any]]]) -> dict[str, Any]:
    """vetoed, judge_split, min_confidence and rules_disagree of one item's results."""
    vetoed = split = False
    confidences: list[float] = []
    verdicts: dict[str, set[bool]] = {}
    for rule_type, passed, detail in results:
        vetoed = vetoed or bool(detail.get("vetoed") or detail.get("vetoes"))
        samples = (detail.get("judge") or {}).get("samples") or []
        split = split or len({json.dumps(s, sort_keys=True) for s in samples}) > 1
        if isinstance(detail.get("confidence"), (int, float)):
            confidences.append(float(detail["confidence"]))
        verdicts.setdefault(rule_type, set()).add(passed)
    return {"vetoed": vetoed, "judge_split": split,
            "min_confidence": min(confidences) if confidences else None,
            "rules_disagree": any(len(v) > 1 for v in verdicts.values())}
