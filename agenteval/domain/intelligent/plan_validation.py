"""Validation of a submitted plan (the contract's PlanInput, camelCase keys).

Rules: non-empty `dimensions` and `virtualUsers`;
each `timeSlot` is "<start>-<end>h", hours after `startedAt`, with
0 ≤ start < end ≤ timeWindowHours; `estimatedSessions` ≥ 1 and equal to the
sum of `timeDistribution[].sessions`; budget values ≥ 1. A virtual user's
`dimension`, when given, must be one of `dimensions`.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from agenteval.domain.eval_validation import (
    check_integer,
    check_known_keys,
    check_list,
    check_object,
    check_string,
    check_string_value,
    item_path,
    key_path,
)
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.intelligent.provenance import check_provenance, with_provenance
from agenteval.domain.personas import check_persona

PLAN_KEYS = ("dimensions", "virtualUsers", "timeDistribution", "estimatedSessions", "budget",
             "completionCriteria", "provenance")
_VIRTUAL_USER_KEYS = ("persona", "goal", "dimension")
_TIME_SLOT_KEYS = ("timeSlot", "sessions", "scenario")
_BUDGET_KEYS = ("maxTurnsPerSession", "totalMaxTurns")
# Sanity bounds: far above any real plan, low enough that counters stay meaningful.
MAX_PLANNED_SESSIONS = 10_000
MAX_BUDGET_TURNS = 1_000_000

# "0-2h", "0.5-2h", "8h-10h", "18 - 22 h"
_TIME_SLOT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*h?\s*-\s*(\d+(?:\.\d+)?)\s*h\s*$", re.IGNORECASE)


def parse_time_slot(slot: str) -> tuple[float, float]:
    """("<start>-<end>h") → (start_hours, end_hours); ValueError when not in that form."""
    match = _TIME_SLOT.match(slot) if isinstance(slot, str) else None
    if match is None:
        raise ValueError(f'time slot {slot!r} is not "<start>-<end>h", e.g. "8-10h"')
    return float(match.group(1)), float(match.group(2))


def last_slot_end_hours(plan: dict[str, Any] | None) -> float:
    """The latest slot end of a validated plan, in hours after startedAt (0 without slots).

    The watchdog's EXECUTING deadline is startedAt + this · 3600 · timeScale + grace.
    """
    ends = [parse_time_slot(slot["timeSlot"])[1]
            for slot in (plan or {}).get("timeDistribution") or []]
    return max(ends, default=0.0)


def validate_plan(plan: Any, time_window_hours: int, path: str = "plan") -> dict[str, Any]:
    """Return a normalised copy of `plan`; ValidationFailed naming every bad field otherwise."""
    errors = FieldErrors()
    if check_object(errors, plan, path) is None:
        errors.raise_if_any()
    check_known_keys(errors, plan, PLAN_KEYS, path)
    dimensions = _check_dimensions(errors, plan, path)
    _check_virtual_users(errors, plan, path, dimensions)
    slot_sessions = _check_time_distribution(errors, plan, path, time_window_hours)
    estimated = check_integer(errors, plan, "estimatedSessions", path, minimum=1,
                              maximum=MAX_PLANNED_SESSIONS)
    if estimated is not None and slot_sessions is not None and estimated != sum(slot_sessions):
        errors.add(key_path(path, "estimatedSessions"),
                   f"must equal the sum of timeDistribution[].sessions ({sum(slot_sessions)})")
    _check_budget(errors, plan, path)
    check_string(errors, plan, "completionCriteria", path, required=False)
    provenance = check_provenance(errors, plan, path)
    errors.raise_if_any()
    return with_provenance(_normalised(plan), provenance)


def _check_dimensions(errors: FieldErrors, plan: dict[str, Any], path: str) -> set[str] | None:
    """The plan's dimensions, or None when they are unusable (skip membership checks)."""
    items = check_list(errors, plan, "dimensions", path, non_empty=True)
    if items is None:
        return None
    seen: set[str] = set()
    list_path = key_path(path, "dimensions")
    for index, item in enumerate(items):
        dimension = check_string_value(errors, item, item_path(list_path, index), max_chars=200)
        if dimension is None:
            continue
        if dimension in seen:
            errors.add(item_path(list_path, index), f"duplicate dimension {dimension!r}")
        seen.add(dimension)
    return seen


def _check_virtual_users(errors: FieldErrors, plan: dict[str, Any], path: str,
                         dimensions: set[str] | None) -> None:
    items = check_list(errors, plan, "virtualUsers", path, non_empty=True)
    for index, user in enumerate(items or []):
        user_path = item_path(key_path(path, "virtualUsers"), index)
        if check_object(errors, user, user_path) is None:
            continue
        check_known_keys(errors, user, _VIRTUAL_USER_KEYS, user_path)
        if user.get("persona") is None:
            errors.add(key_path(user_path, "persona"), "is required")
        else:
            check_persona(errors, user["persona"], key_path(user_path, "persona"))
        check_string(errors, user, "goal", user_path)
        dimension = check_string(errors, user, "dimension", user_path, required=False)
        if dimension is not None and dimensions is not None and dimension not in dimensions:
            errors.add(key_path(user_path, "dimension"),
                       f"{dimension!r} is not one of the plan's dimensions")


def _check_time_distribution(errors: FieldErrors, plan: dict[str, Any], path: str,
                             time_window_hours: int) -> list[int] | None:
    """Each slot's session count, or None when any count is unusable (skip the sum check)."""
    items = check_list(errors, plan, "timeDistribution", path, non_empty=True)
    if items is None:
        return None
    counts: list[int] | None = []
    for index, slot in enumerate(items):
        slot_path = item_path(key_path(path, "timeDistribution"), index)
        if check_object(errors, slot, slot_path) is None:
            counts = None
            continue
        check_known_keys(errors, slot, _TIME_SLOT_KEYS, slot_path)
        text = check_string(errors, slot, "timeSlot", slot_path, max_chars=50)
        if text is not None:
            _check_slot_bounds(errors, text, key_path(slot_path, "timeSlot"), time_window_hours)
        sessions = check_integer(errors, slot, "sessions", slot_path, minimum=0,
                                 maximum=MAX_PLANNED_SESSIONS)
        if sessions is None or counts is None:
            counts = None
        else:
            counts.append(sessions)
        check_string(errors, slot, "scenario", slot_path, required=False)
    return counts


def _check_slot_bounds(errors: FieldErrors, text: str, path: str, time_window_hours: int) -> None:
    try:
        start, end = parse_time_slot(text)
    except ValueError:
        errors.add(path, 'must be "<start>-<end>h", e.g. "8-10h"')
        return
    if start >= end:
        errors.add(path, f"start ({start:g}h) must be before end ({end:g}h)")
    elif end > time_window_hours:
        errors.add(path, f"must end within the eval's time window ({time_window_hours}h)")


def _check_budget(errors: FieldErrors, plan: dict[str, Any], path: str) -> None:
    budget_path = key_path(path, "budget")
    if plan.get("budget") is None:
        errors.add(budget_path, "is required")
        return
    budget = check_object(errors, plan["budget"], budget_path)
    if budget is None:
        return
    check_known_keys(errors, budget, _BUDGET_KEYS, budget_path)
    for key in _BUDGET_KEYS:
        check_integer(errors, budget, key, budget_path, minimum=1, maximum=MAX_BUDGET_TURNS)


def _normalised(plan: dict[str, Any]) -> dict[str, Any]:
    """The stored shape: every key present, optional ones as None."""
    return {
        "dimensions": list(plan["dimensions"]),
        "virtualUsers": [
            {"persona": copy.deepcopy(user["persona"]), "goal": user["goal"],
             "dimension": user.get("dimension")}
            for user in plan["virtualUsers"]
        ],
        "timeDistribution": [
            {"timeSlot": slot["timeSlot"], "sessions": slot["sessions"],
             "scenario": slot.get("scenario")}
            for slot in plan["timeDistribution"]
        ],
        "estimatedSessions": plan["estimatedSessions"],
        "budget": {key: plan["budget"][key] for key in _BUDGET_KEYS},
        "completionCriteria": plan.get("completionCriteria"),
    }
