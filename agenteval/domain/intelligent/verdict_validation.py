"""Validation of a session's verdict (the contract's VerdictInput, sent with closeSession)."""

from __future__ import annotations

from typing import Any

from agenteval.domain.eval_validation import (
    check_boolean,
    check_integer,
    check_known_keys,
    check_list,
    check_number,
    check_object,
    check_severity,
    check_string,
    check_string_list,
    item_path,
    key_path,
)
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.intelligent.provenance import check_provenance, with_provenance

VERDICT_KEYS = ("goalAchieved", "achievement", "issues", "suggestions", "notes", "provenance")
_ISSUE_KEYS = ("description", "severity", "turnIndex")


def validate_verdict(verdict: Any, turn_count: int, path: str = "verdict",
                     answered_turns: int | None = None) -> dict[str, Any]:
    """Return the normalised verdict; ValidationFailed naming every bad field otherwise.

    `turn_count` is the session's number of user turns: an issue's `turnIndex`
    must name one of them (0 ≤ turnIndex < turn_count). `answered_turns`, when known,
    is how many of them the target answered without an error: with none, the goal
    cannot have been reached, whatever the verdict says (`unanswered`).
    """
    errors = FieldErrors()
    if check_object(errors, verdict, path) is None:
        errors.raise_if_any()
    check_known_keys(errors, verdict, VERDICT_KEYS, path)
    check_boolean(errors, verdict, "goalAchieved", path)
    check_number(errors, verdict, "achievement", path, minimum=0.0, maximum=1.0)
    issues = check_list(errors, verdict, "issues", path, required=False) or []
    normalised_issues = [_check_issue(errors, issue, item_path(key_path(path, "issues"), index),
                                      turn_count)
                         for index, issue in enumerate(issues)]
    suggestions = check_string_list(errors, verdict, "suggestions", path, required=False)
    check_string(errors, verdict, "notes", path, required=False, allow_empty=True)
    provenance = check_provenance(errors, verdict, path)
    errors.raise_if_any()
    normalised = with_provenance({
        "goalAchieved": verdict["goalAchieved"],
        "achievement": float(verdict["achievement"]),
        "issues": normalised_issues,
        "suggestions": suggestions or [],
        "notes": verdict.get("notes"),
    }, provenance)
    if answered_turns == 0:
        return unanswered(normalised, turn_count)
    return normalised


def unanswered(verdict: dict[str, Any], turn_count: int) -> dict[str, Any]:
    """A session in which the target answered nothing never reached its goal: an agent
    that says otherwise (a driver that saw no reply, a target that cannot talk) is
    overruled, and the verdict says why, first among its issues."""
    why = ("no turn was exchanged: the session sent no message" if turn_count == 0 else
           f"no turn was exchanged: every one of the {turn_count} replies failed")
    return {**verdict, "goalAchieved": False, "achievement": 0.0,
            "issues": [{"description": why, "severity": "HIGH", "turnIndex": None},
                       *verdict["issues"]],
            "notes": f"{why}. {verdict['notes'] or ''}".strip()}


def _check_issue(errors: FieldErrors, issue: Any, path: str,
                 turn_count: int) -> dict[str, Any] | None:
    if check_object(errors, issue, path) is None:
        return None
    check_known_keys(errors, issue, _ISSUE_KEYS, path)
    description = check_string(errors, issue, "description", path)
    severity = check_severity(errors, issue, "severity", path)
    turn_index = check_integer(errors, issue, "turnIndex", path, required=False, minimum=0)
    if turn_index is not None and turn_index >= turn_count:
        errors.add(key_path(path, "turnIndex"),
                   f"no turn {turn_index} in this session (it has {turn_count} turns)")
    return {"description": description, "severity": severity, "turnIndex": turn_index}
