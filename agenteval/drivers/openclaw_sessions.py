"""Waking the OpenClaw evaluator for each planned session, at the session's time.

The skills first let the evaluator schedule its own sessions with OpenClaw one-shot
cron jobs. A real OpenClaw 2026.9.6 refuses that: every run started through
`/hooks/agent` (and every cron run) may only manage its own automation ("Automations
tool is restricted to the current automation."), so a woken evaluator cannot create
jobs. AgentEval keeps the schedule instead: after the approval wake-up it posts one
more wake-up per planned session when that session is due, with the message the cron
job would have carried. Times follow the skills' `schedule` command (the built-in
driver's schedule: a slot's sessions spread evenly from its start, plan hours times
AGENTEVAL_TIME_SCALE); sessions already due are staggered one scaled minute apart.

Before each wake-up the eval is read again: a session that exists (its key was used)
is skipped, and the loop stops when the eval is no longer EXECUTING. One process at a
time runs an eval's schedule, owned through the actor runtime; when it dies another
process takes the schedule over from the database and wakes the sessions not woken
yet (see `openclaw_schedules`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.schedule import PlannedSession, planned_sessions

logger = logging.getLogger("agenteval.notifier.openclaw")

DUE_STAGGER_S = 60.0  # between sessions already due, in plan seconds (scaled)
EVALUATOR_SKILL = "agenteval-intelligent-evaluator"

# Posts one wake-up: (idempotency key, message, detail extras) → records AGENT_WOKEN.
PostWake = Callable[[str, str, dict[str, Any]], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]


def session_message(eval_id: str, run: PlannedSession, turns: int) -> str:
    """What the evaluator reads for one planned session (the skills' cron job message)."""
    return (f"AgentEval intelligent eval {eval_id}: run planned session {run.key} "
            f"(timeSlotIndex {run.time_slot_index}, virtualUserIndex {run.virtual_user_index}, "
            f"at most {turns} user turns) with the {EVALUATOR_SKILL} skill.")


def turns_per_session(plan: dict[str, Any]) -> int:
    """User turns for one session under both budgets (as the skills' `schedule` prints)."""
    budget = plan["budget"]
    return max(1, min(budget["maxTurnsPerSession"],
                      budget["totalMaxTurns"] // max(1, plan["estimatedSessions"])))


def due_times(runs: list[PlannedSession], started_at: datetime, now: datetime,
              time_scale: float) -> list[datetime]:
    """When to wake each run: its planned time, or staggered from `now` once past."""
    scale = max(0.0, time_scale)
    times, due = [], 0
    for run in runs:
        at = started_at + timedelta(seconds=run.delay_s(scale))
        if at <= now:
            due += 1
            at = now + timedelta(seconds=DUE_STAGGER_S * scale * due)
        times.append(at)
    return times


class Ownership(Protocol):
    """The schedule as its owner holds it: `confirm` renews it now (False: another process
    owns it)."""

    async def confirm(self) -> bool: ...


async def wake_for_sessions(api: AgentEvalApi, eval_id: str, time_scale: float,
                            post: PostWake, sleep: Sleep = asyncio.sleep,
                            woken: frozenset[str] = frozenset(),
                            owned: Ownership | None = None) -> int:
    """Wake the evaluator for every planned session that has none yet; how many woken.

    `woken`: sessions already woken (by a previous owner of the schedule): skipped.
    `owned`: the schedule's ownership; each wake-up first confirms it is still held (a
    wake-up is a request to OpenClaw, which no database fence can guard), and the loop
    stops once another process has taken the schedule over.
    """
    evaluation = await api.get_eval(eval_id)
    plan, started = evaluation.get("plan"), evaluation.get("startedAt")
    if evaluation["status"] != "EXECUTING" or not plan or not started:
        return 0
    runs = [run for run in planned_sessions(plan) if run.key not in woken]
    started_at = datetime.fromisoformat(started.replace("Z", "+00:00"))
    times = due_times(runs, started_at, datetime.now(UTC), time_scale)
    turns = turns_per_session(plan)
    count = 0
    for run, at in sorted(zip(runs, times, strict=True), key=lambda pair: pair[1]):
        await sleep(max(0.0, (at - datetime.now(UTC)).total_seconds()))
        evaluation = await api.get_eval(eval_id)
        if evaluation["status"] != "EXECUTING":
            logger.info("eval %s is %s: no more session wake-ups", eval_id,
                        evaluation["status"])
            return count
        if run.key in await _created_keys(api, eval_id):
            continue
        if owned is not None and not await owned.confirm():
            logger.warning("the session wake-ups of eval %s were taken over by another "
                           "process: stopping here", eval_id)
            return count
        await post(f"agenteval-{eval_id}-evaluator-session-{run.key}",
                   session_message(eval_id, run, turns), {"session": run.key})
        count += 1
    return count


async def _created_keys(api: AgentEvalApi, eval_id: str) -> set[str]:
    """The planned-session keys the eval's sessions used ("<slot>-<n>" per slot)."""
    per_slot: dict[int, int] = {}
    for session in await api.sessions(eval_id):
        slot = session.get("timeSlotIndex")
        if isinstance(slot, int):
            per_slot[slot] = per_slot.get(slot, 0) + 1
    return {f"{slot}-{n}" for slot, count in per_slot.items() for n in range(count)}
