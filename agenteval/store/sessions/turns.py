"""The database side of one sendMessage turn: a fresh look before, one transaction after
(the SessionActor's store port, store/sessions/database_sessions.py, calls these).

The SessionActor keeps its session between messages; these are the only
statements a turn needs: one read before the target is called (so a session
that was closed, failed or ran out of budget elsewhere is refused without
calling the target) and one transaction after it, whose compare-and-set
UPDATEs detect anything that changed meanwhile, in this process or another.

Both are prebuilt SQL (store/sessions/turn_writes.py): the read is one statement, and
a turn that stays within the plan's budgets is stored in one round trip (on
SQLite one hand-off to its thread, which also releases the turn lease). Any
other turn — one past a budget, or one whose session or eval changed — takes
the general path below, through `eval_log.append_events` in an ORM transaction.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from actors.delivery import fence_for, released_with_write
from actors.ownership import OwnershipLost
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.budgets import turn_overruns
from agenteval.domain.intelligent.eval_events import EventRecord, NewEvent
from agenteval.domain.intelligent.eval_records import SessionRecord
from agenteval.errors import Conflict, Unavailable
from agenteval.store import leases
from agenteval.store.evals.eval_log import append_events, event_record
from agenteval.store.models import EvalMessage, EvalSession
from agenteval.store.sessions.turn_lease import turn_lease_name
from agenteval.store.sessions.turn_writes import (
    TurnWrite,
    open_turn,
    read_turn_state,
    store_exchange,
)

__all__ = ["fenced_session", "open_turn", "read_turn_state", "store_turn"]


async def fenced_session(session_id: uuid.UUID) -> None:
    """Inside a transaction: the session's delivery still owns it (Unavailable if not)."""
    fence = fence_for(turn_lease_name(session_id))
    if fence is not None:
        try:
            await leases.fence(fence)
        except OwnershipLost:
            raise Unavailable() from None


async def store_turn(session: SessionRecord, plan: dict[str, Any] | None, turn: int,
                     user: EvalMessage, reply: EvalMessage, conversation_id: str | None,
                     now: datetime, enforce_budget: bool) -> tuple[EventRecord, ...]:
    """Store both messages of turn `turn` with their events, or nothing (Conflict); the
    events appended (as the ports' records).

    The eval's log counters are advanced first (sequence, turns_used, activity,
    through `eval_log.append_events`) only while it is EXECUTING, then the session
    only while it is RUNNING at `turn`: the same lock order as the EvalActor's
    transitions (eval, then its sessions), so the two never deadlock on
    PostgreSQL. The budget is checked again on the counters the transaction
    itself produced, which no concurrent turn can share. Inside the turn's delivery
    (the runtime's claim of the session) the write is fenced first: a process that
    lost it meanwhile stores nothing (Unavailable).
    """
    name = turn_lease_name(session.id)
    fence = fence_for(name)
    detail = {"sessionId": str(session.id), "turnIndex": turn,
              "latencyMs": reply.latency_ms, "error": reply.error}
    if not turn_overruns(plan, turn + 1, 0, enforce=False):
        # Within the session's budget: the fast path checks the total budget itself.
        total = ((plan or {}).get("budget") or {}).get("totalMaxTurns")
        try:
            stored = await store_exchange(TurnWrite(
                session.eval_id, session.id, turn, user, reply, detail, conversation_id, now,
                total, fence))
        except OwnershipLost:
            raise Unavailable() from None
        if stored is not None:
            if stored.released:
                released_with_write(name)
            return (event_record(stored.event),)
    async with in_transaction():
        await fenced_session(session.id)
        exchanged = await append_events(
            session.eval_id, eval_state.EXECUTING,
            [NewEvent("MESSAGE_EXCHANGED", detail, session.id)],
            turns=1, agent_active_at=now, only_if_status=eval_state.EXECUTING, at=now)
        changed = exchanged is not None and await EvalSession.filter(
            id=session.id, turn_count=turn, status=eval_state.SESSION_RUNNING).update(
            turn_count=turn + 1, last_activity_at=now, conversation_id=conversation_id)
        if exchanged is None or not changed:
            raise Conflict("the session changed while the message was in flight; "
                           "nothing was stored")
        # Raises BudgetExceeded (rolling everything back) when enforced.
        overruns = turn_overruns(plan, turn + 1, exchanged.turns_used, enforce_budget)
        await EvalMessage.bulk_create([user, reply])
        events = exchanged.events
        if overruns:
            overran = await append_events(
                session.eval_id, eval_state.EXECUTING,
                [NewEvent("BUDGET_OVERRUN", overrun, session.id) for overrun in overruns],
                at=now)
            assert overran is not None  # no status condition: the row is always updated
            events += overran.events
    return events
