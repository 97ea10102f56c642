"""When an intelligent eval counts as stalled: which role stopped and why (docs/design.md,
"State machines"). The watchdog looks with it; the EvalActor re-checks with it before failing an
eval, so the two always agree.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Protocol

from agenteval.config import Settings
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.plan_validation import last_slot_end_hours

PLANNER_STALLED = "planner stalled"
EVALUATOR_STALLED = "evaluator stalled"
ANALYST_STALLED = "analyst stalled"


def _latest(*moments: datetime | None) -> datetime | None:
    present = [m for m in moments if m is not None]
    return max(present) if present else None


class EvalClock(Protocol):
    """What a stall is judged on: the eval's status, plan and moments (a stored eval, or
    a record of one; read-only, so any object with these attributes fits)."""

    @property
    def status(self) -> str: ...
    @property
    def plan(self) -> Any: ...
    @property
    def created_at(self) -> datetime | None: ...
    @property
    def started_at(self) -> datetime | None: ...
    @property
    def planning_entered_at(self) -> datetime | None: ...
    @property
    def last_agent_activity_at(self) -> datetime | None: ...
    @property
    def analyst_woken_at(self) -> datetime | None: ...


def stall_reason(row: EvalClock, settings: Settings, now: datetime) -> str | None:
    """Why `row` has stalled at `now`, or None (pure: the actor re-runs it on a fresh row)."""
    if row.status == eval_state.PLANNING:
        recent = _latest(row.planning_entered_at, row.last_agent_activity_at, row.created_at)
        if recent is not None and now - recent > timedelta(seconds=settings.planning_timeout_s):
            return PLANNER_STALLED
        return None
    if row.status != eval_state.EXECUTING:
        return None
    if row.analyst_woken_at is not None and now - row.analyst_woken_at > timedelta(
            seconds=settings.report_timeout_s):
        return ANALYST_STALLED
    if row.started_at is None:
        return None
    window = last_slot_end_hours(row.plan) * 3600 * settings.time_scale + settings.grace_s
    activity = _latest(row.last_agent_activity_at, row.started_at)
    if (now > row.started_at + timedelta(seconds=window) and activity is not None
            and now - activity > timedelta(seconds=settings.grace_s)):
        # Once the analyst has been woken, only the report timeout applies.
        return EVALUATOR_STALLED if row.analyst_woken_at is None else None
    return None
