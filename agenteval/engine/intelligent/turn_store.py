"""The database side of one sendMessage turn: a fresh look before, one transaction after.

The SessionActor keeps its session between messages; these are the only
statements a turn needs: one read before the target is called (so a session
that was closed, failed or ran out of budget elsewhere is refused without
calling the target) and one transaction after it, whose compare-and-set
UPDATEs detect anything that changed meanwhile, in this process or another.
"""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from agenteval.domain import eval_state
from agenteval.engine.intelligent.sessions import turn_overruns
from agenteval.errors import Conflict, Unavailable
from agenteval.store import leases
from agenteval.store.eval_log import NewEvent, append_events
from agenteval.store.leases import Held, KeptLease, LeaseLost
from agenteval.store.models import EvalEvent, EvalMessage, EvalSession

# How long a turn waits for another process's turn on the same session, beyond its lease.
TURN_WAIT_S = 120.0


def turn_lease_name(session_id: uuid.UUID) -> str:
    """The lease a sendMessage turn holds on its session, across processes."""
    return f"session:{session_id}"


async def hold_turn_lease(session_id: uuid.UUID, ttl_s: float) -> KeptLease:
    """The session's turn lease, waiting while another process's turn holds it
    (Unavailable after TURN_WAIT_S beyond its expiry)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ttl_s + TURN_WAIT_S
    pause = 0.02
    while (lease := await leases.claim_kept(turn_lease_name(session_id), ttl_s)) is None:
        if loop.time() > deadline:
            raise Unavailable("another process's turn on this session is still in flight; "
                              "retry with the same idempotency key")
        await asyncio.sleep(pause)
        pause = min(pause * 2, 0.5)
    return lease


@dataclass(frozen=True)
class TurnState:
    """What a turn must check first, read fresh from the database."""

    session_status: str
    turn_count: int
    eval_status: str
    turns_used: int


@dataclass
class StoredTurn:
    user: EvalMessage
    reply: EvalMessage
    events: list[EvalEvent]


async def read_turn_state(session_id: uuid.UUID) -> TurnState | None:
    """The session's and its eval's status and turn counters in one query (None: no session)."""
    rows = await EvalSession.filter(id=session_id).values_list(
        "status", "turn_count", "eval__status", "eval__turns_used")
    return TurnState(*rows[0]) if rows else None


async def store_turn(session: EvalSession, plan: dict[str, Any] | None, turn: int,
                     user: EvalMessage, reply: EvalMessage, conversation_id: str | None,
                     now: datetime, enforce_budget: bool, lease: Held | None = None
                     ) -> StoredTurn:
    """Store both messages of turn `turn` with their events, or nothing (Conflict).

    The eval's log counters are advanced first (sequence, turns_used, activity,
    through `eval_log.append_events`) only while it is EXECUTING, then the session
    only while it is RUNNING at `turn`: the same lock order as the EvalActor's
    transitions (eval, then its sessions), so the two never deadlock on
    PostgreSQL. The budget is checked again on the counters the transaction
    itself produced, which no concurrent turn can share. With `lease` (the
    session's turn lease) the write is fenced first: a process that lost the
    lease meanwhile stores nothing (Unavailable).
    """
    detail = {"sessionId": str(session.id), "turnIndex": turn,
              "latencyMs": reply.latency_ms, "error": reply.error}
    async with in_transaction():
        if lease is not None:
            try:
                await leases.fence(lease)
            except LeaseLost:
                raise Unavailable() from None
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
        events = list(exchanged.events)
        if overruns:
            overran = await append_events(
                session.eval_id, eval_state.EXECUTING,
                [NewEvent("BUDGET_OVERRUN", overrun, session.id) for overrun in overruns],
                at=now)
            assert overran is not None  # no status condition: the row is always updated
            events += overran.events
    return StoredTurn(user, reply, events)
