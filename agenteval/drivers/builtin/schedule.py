"""When each planned session runs and whom it plays (pure; the same keys as the skills' client).

A slot's sessions are spread evenly from its start; virtual users are taken
in turn across the whole plan. The idempotency key "<slotIndex>-<n>" makes a
re-run (a restarted driver, a double wake-up) reuse the session it created.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agenteval.domain.intelligent.plan_validation import parse_time_slot


@dataclass(frozen=True)
class PlannedSession:
    key: str
    time_slot_index: int
    virtual_user_index: int
    start_hours: float  # after the eval's startedAt

    def delay_s(self, time_scale: float) -> float:
        """Seconds after startedAt at which the session starts (0 when time_scale is 0)."""
        return self.start_hours * 3600.0 * max(0.0, time_scale)


def planned_sessions(plan: dict[str, Any]) -> list[PlannedSession]:
    users = max(1, len(plan.get("virtualUsers") or []))
    runs: list[PlannedSession] = []
    for slot_index, slot in enumerate(plan.get("timeDistribution") or []):
        start, end = parse_time_slot(slot["timeSlot"])
        count = int(slot["sessions"])
        for number in range(count):
            runs.append(PlannedSession(
                key=f"{slot_index}-{number}", time_slot_index=slot_index,
                virtual_user_index=len(runs) % users,
                start_hours=start + number * (end - start) / count))
    return runs


def matching_seed_goal(seeds: dict[str, Any] | None, goal: str, dimension: str | None
                       ) -> dict[str, Any] | None:
    """The seed goal a virtual user plays (same goal text; the dimension breaks ties)."""
    candidates = [g for g in (seeds or {}).get("goals") or []
                  if isinstance(g, dict) and g.get("goal") == goal]
    for candidate in candidates:
        if candidate.get("dimension") == dimension:
            return candidate
    return candidates[0] if candidates else None
