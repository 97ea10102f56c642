"""What a reviewer answers about one item, checked against the item's rubric.

A rubric (built when the queue is filled) holds the automatic verdicts: a case's
success level, a session's goal, a finding, and `entries` — one per judged rule
or scorecard item, `{"key", "ruleType", "verdict", "quote", ...}` where
`verdict` is "the rule passed" for a rule and "the item fired" for a scorecard
item. An answer says the same things in the same terms:

    {"successLevel": "PARTIAL", "goalAchieved": true, "findingValid": false,
     "entries": {"rule:1": {"verdict": false, "quoteRight": true}}}

A case or a production conversation needs its level, a session its goal, a finding its validity; entries are
optional (a reviewer may answer some), unknown keys are mistakes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agenteval.domain.field_errors import FieldErrors

LEVELS = ("SUCCESS", "PARTIAL", "FAILURE")
_TOP = {"CASE": "successLevel", "CONVERSATION": "successLevel", "SESSION": "goalAchieved",
        "FINDING": "findingValid"}


def check_answer(kind: str, rubric: Mapping[str, Any], raw: Any, errors: FieldErrors,
                 path: str = "answer") -> dict[str, Any]:
    """The answer as stored, or mistakes added to `errors`."""
    if not isinstance(raw, Mapping):
        errors.add(path, "must be an object")
        return {}
    answer: dict[str, Any] = {}
    top = _TOP[kind]
    for name in sorted(set(raw) - {top, "entries"}):
        errors.add(f"{path}.{name}", f"not asked of a {kind.lower()}; give {top} and entries")
    value = raw.get(top)
    if top == "successLevel":
        if value not in LEVELS:
            errors.add(f"{path}.{top}", f"must be one of {', '.join(LEVELS)}")
    elif not isinstance(value, bool):
        errors.add(f"{path}.{top}", "must be true or false")
    answer[top] = value
    known = {entry["key"] for entry in rubric.get("entries") or []}
    entries = raw.get("entries") or {}
    if not isinstance(entries, Mapping):
        errors.add(f"{path}.entries", "must be an object keyed by the rubric's entry keys")
        entries = {}
    checked: dict[str, dict[str, Any]] = {}
    for key, entry in entries.items():
        where = f"{path}.entries.{key}"
        if key not in known:
            errors.add(where, "no such entry in this item's rubric")
            continue
        if not isinstance(entry, Mapping) or not isinstance(entry.get("verdict"), bool):
            errors.add(f"{where}.verdict", "must be true or false")
            continue
        quote_right = entry.get("quoteRight")
        if quote_right is not None and not isinstance(quote_right, bool):
            errors.add(f"{where}.quoteRight", "must be true, false or null")
            continue
        checked[key] = {"verdict": entry["verdict"], "quoteRight": quote_right}
    answer["entries"] = checked
    return answer


def machine_answer(kind: str, rubric: Mapping[str, Any]) -> dict[str, Any]:
    """The automatic verdict in an answer's terms (a finding is valid as reported)."""
    values = {"CASE": rubric.get("successLevel"), "CONVERSATION": rubric.get("successLevel"),
              "SESSION": rubric.get("goalAchieved"), "FINDING": True}
    return {_TOP[kind]: values[kind],
            "entries": {e["key"]: {"verdict": e["verdict"], "quoteRight": None}
                        for e in rubric.get("entries") or []}}


def same_verdict(first: Mapping[str, Any], second: Mapping[str, Any]) -> bool:
    """Two answers agree: the same top answer and the same verdict on every entry both gave."""
    for top in set(_TOP.values()):
        if first.get(top) != second.get(top):
            return False
    mine, theirs = first.get("entries") or {}, second.get("entries") or {}
    return all(mine[key]["verdict"] == theirs[key]["verdict"] for key in mine.keys() & theirs)


def overturns(appealed: Mapping[str, Any], decided: Mapping[str, Any],
              entry_key: str | None) -> bool:
    """The appeal's answer changed the contested verdict: the whole one, or the one entry
    the appeal named (the rest of that answer is the final verdict but was not contested)."""
    if entry_key is None:
        return not same_verdict(appealed, decided)
    before = (appealed.get("entries") or {}).get(entry_key) or {}
    after = (decided.get("entries") or {}).get(entry_key) or {}
    return before.get("verdict") != after.get("verdict")


def top_label(kind: str, answer: Mapping[str, Any]) -> str | None:
    """The item-level answer as a label for agreement ('SUCCESS', 'true', …)."""
    value = answer.get(_TOP[kind])
    if value is None:
        return None
    return str(value).lower() if isinstance(value, bool) else str(value)
