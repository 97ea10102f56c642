"""Read models of intelligent evals for the API: pages, lookups and batched relations.

Every `…_by_eval` / `…_by_session` function answers for many parents with one
statement, so the API's DataLoaders can resolve a whole page's relations at once.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tortoise.functions import Count

from agenteval.domain.intelligent import eval_state as sm
from agenteval.engine.paging import Page, page_of
from agenteval.engine.single_flight import SingleFlight
from agenteval.store.models import (
    EvalEvent,
    EvalMessage,
    EvalSession,
    IntelligentEval,
    PlanRevision,
)

# Subscription replay reads in flight, shared by the subscribers asking the same.
_event_reads: SingleFlight[tuple[uuid.UUID, int, int], tuple[EvalEvent, ...]] = SingleFlight()
_message_reads: SingleFlight[tuple[uuid.UUID, int, int], tuple[EvalMessage, ...]] = \
    SingleFlight()


async def find_eval(eval_id: uuid.UUID) -> IntelligentEval | None:
    return await IntelligentEval.get_or_none(id=eval_id)


async def evals_by_ids(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, IntelligentEval]:
    return {row.id: row for row in await IntelligentEval.filter(id__in=list(set(ids)))}


async def find_session(session_id: uuid.UUID) -> EvalSession | None:
    return await EvalSession.get_or_none(id=session_id)


async def session_page(eval_id: uuid.UUID, offset: int, limit: int,
                       status: str | None = None) -> Page[EvalSession]:
    """An eval's sessions, oldest first."""
    query = EvalSession.filter(eval_id=eval_id)
    if status is not None:
        query = query.filter(status=status)
    return await page_of(query.order_by("created_at", "id"), offset, limit)


async def messages_by_session(session_ids: Sequence[uuid.UUID]
                              ) -> dict[uuid.UUID, list[EvalMessage]]:
    found: dict[uuid.UUID, list[EvalMessage]] = {session_id: [] for session_id in session_ids}
    for message in await EvalMessage.filter(session_id__in=list(found)).order_by(
            "session_id", "index"):
        found[message.session_id].append(message)
    return found


async def messages_after(session_id: uuid.UUID, index: int, limit: int
                         ) -> Sequence[EvalMessage]:
    """A session's messages after `index`, in order (subscription replay); the subscribers
    woken by the same message share one read (the rows are shared: read-only)."""
    async def read() -> tuple[EvalMessage, ...]:
        return tuple(await EvalMessage.filter(session_id=session_id, index__gt=index)
                     .order_by("index").limit(limit))

    return await _message_reads.do((session_id, index, limit), read)


async def plan_revisions_by_eval(eval_ids: Sequence[uuid.UUID]
                                 ) -> dict[uuid.UUID, list[PlanRevision]]:
    found: dict[uuid.UUID, list[PlanRevision]] = {eval_id: [] for eval_id in eval_ids}
    for revision in await PlanRevision.filter(eval_id__in=list(found)).order_by(
            "eval_id", "revision"):
        found[revision.eval_id].append(revision)
    return found


async def event_page(eval_id: uuid.UUID, offset: int, limit: int) -> Page[EvalEvent]:
    return await page_of(EvalEvent.filter(eval_id=eval_id).order_by("sequence"), offset, limit)


async def events_after(eval_id: uuid.UUID, sequence: int, limit: int) -> Sequence[EvalEvent]:
    """An eval's events after `sequence`, in order (subscription replay); the subscribers
    woken by the same event share one read (the rows are shared: read-only)."""
    async def read() -> tuple[EvalEvent, ...]:
        return tuple(await EvalEvent.filter(eval_id=eval_id, sequence__gt=sequence)
                     .order_by("sequence").limit(limit))

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
    for eval_id, status, turns, dimension in await EvalSession.filter(
            eval_id__in=list(found)).values_list("eval_id", "status", "turn_count", "dimension"):
        tally = found[_uuid(eval_id)]
        tally.started += 1
        tally.running += status == sm.SESSION_RUNNING
        tally.turns_used += turns
        if dimension:
            tally.dimensions.add(dimension)
    overruns = await EvalEvent.filter(eval_id__in=list(found), type="BUDGET_OVERRUN").annotate(
        count=Count("id")).group_by("eval_id").values_list("eval_id", "count")
    for eval_id, count in overruns:
        found[_uuid(eval_id)].budget_overruns = count
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


def _uuid(value: Any) -> uuid.UUID:
    # values_list gives a foreign key as the backend returns it (text on SQLite).
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))
