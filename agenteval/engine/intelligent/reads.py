"""Read models of intelligent evals for the API: pages, lookups and batched relations.

Every `…_by_eval` / `…_by_session` function answers for many parents with one
statement, so the API's DataLoaders can resolve a whole page's relations at once.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.intelligent import eval_state as sm
from agenteval.engine.single_flight import SingleFlight
from agenteval.store.evals import eval_reads
from agenteval.store.evals.eval_reads import (
    EvalEvent,
    EvalMessage,
    PlanRevision,
    evals_by_ids,
    event_page,
    find_eval,
    find_session,
    session_page,
)

__all__ = ["event_page", "evals_by_ids", "find_eval", "find_session", "session_page"]

# Subscription replay reads in flight, shared by the subscribers asking the same.
_event_reads: SingleFlight[tuple[uuid.UUID, int, int], tuple[EvalEvent, ...]] = SingleFlight()
_message_reads: SingleFlight[tuple[uuid.UUID, int, int], tuple[EvalMessage, ...]] = \
    SingleFlight()


async def messages_by_session(session_ids: Sequence[uuid.UUID]
                              ) -> dict[uuid.UUID, list[EvalMessage]]:
    found: dict[uuid.UUID, list[EvalMessage]] = {session_id: [] for session_id in session_ids}
    for message in await eval_reads.messages_of_sessions(list(found)):
        found[message.session_id].append(message)
    return found


async def messages_after(session_id: uuid.UUID, index: int, limit: int
                         ) -> Sequence[EvalMessage]:
    """A session's messages after `index`, in order (subscription replay); the subscribers
    woken by the same message share one read (the rows are shared: read-only)."""
    async def read() -> tuple[EvalMessage, ...]:
        return await eval_reads.messages_after(session_id, index, limit)

    return await _message_reads.do((session_id, index, limit), read)


async def plan_revisions_by_eval(eval_ids: Sequence[uuid.UUID]
                                 ) -> dict[uuid.UUID, list[PlanRevision]]:
    found: dict[uuid.UUID, list[PlanRevision]] = {eval_id: [] for eval_id in eval_ids}
    for revision in await eval_reads.plan_revisions_of(list(found)):
        found[revision.eval_id].append(revision)
    return found


async def events_after(eval_id: uuid.UUID, sequence: int, limit: int) -> Sequence[EvalEvent]:
    """An eval's events after `sequence`, in order (subscription replay); the subscribers
    woken by the same event share one read (the rows are shared: read-only)."""
    async def read() -> tuple[EvalEvent, ...]:
        return await eval_reads.events_after(eval_id, sequence, limit)

    return await _event_reads.do((eval_id, sequence, limit), read)


@dataclass
class SessionTally:
    """What an eval's progress counts of its sessions and events."""

    started: int = 0
    running: int = 0
    turns_used: int = 0
    dimensions: set[str] = field(default_factory=set)
    budget_overruns: int = 0


async def session_tallies(eval_ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, SessionTally]:
    """Each eval's session counts and budget overruns (two statements in all)."""
    found = {eval_id: SessionTally() for eval_id in eval_ids}
    for eval_id, status, turns, dimension in await eval_reads.session_summaries(list(found)):
        tally = found[eval_id]
        tally.started += 1
        tally.running += status == sm.SESSION_RUNNING
        tally.turns_used += turns
        if dimension:
            tally.dimensions.add(dimension)
    overruns = await eval_reads.event_counts(list(found), "BUDGET_OVERRUN")
    for eval_id, count in overruns.items():
        found[eval_id].budget_overruns = count
    return found


def progress(plan: dict[str, Any] | None, tally: SessionTally) -> dict[str, Any]:
    """The contract's EvalProgress of an eval with this plan and these sessions."""
    plan = plan or {}
    return {
        "sessions_planned": plan.get("estimatedSessions") or 0,
        "sessions_started": tally.started,
        "sessions_running": tally.running,
        "sessions_closed": tally.started - tally.running,
        "turns_used": tally.turns_used,
        "turn_budget": (plan.get("budget") or {}).get("totalMaxTurns"),
        "budget_overruns": tally.budget_overruns,
        "dimensions_covered": sorted(tally.dimensions),
        "dimensions_planned": list(plan.get("dimensions") or []),
    }

