"""Checks of a session against its eval's approved plan (pure)."""

from __future__ import annotations

from typing import Any

from agenteval.domain.intelligent.budgets import turn_overruns
from agenteval.engine.intelligent import commands
from agenteval.errors import ValidationFailed

__all__ = ["check_session_indices", "turn_overruns"]


def check_session_indices(plan: dict[str, Any] | None, message: commands.CreateSession) -> None:
    """virtualUserIndex / timeSlotIndex must name an entry of the approved plan."""
    plan = plan or {}
    errors = []
    for value, key, path in ((message.virtual_user_index, "virtualUsers",
                              "input.virtualUserIndex"),
                             (message.time_slot_index, "timeDistribution", "input.timeSlotIndex")):
        size = len(plan.get(key) or [])
        if value is not None and not 0 <= value < size:
            errors.append({"path": path, "message": f"must be between 0 and {size - 1} "
                                                    f"(the plan has {size} {key})"})
    if errors:
        raise ValidationFailed(errors)
