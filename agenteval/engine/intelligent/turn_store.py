"""The database side of one sendMessage turn: a fresh look before, one transaction after.

The SessionActor keeps its session between messages; these are the only
statements a turn needs: one read before the target is called (so a session
that was closed, failed or ran out of budget elsewhere is refused without
calling the target) and one transaction after it, whose compare-and-set
UPDATEs detect anything that changed meanwhile, in this process or another.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tortoise.expressions import F
from tortoise.transactions import in_transaction

from agenteval.domain import eval_state as sm
from agenteval.engine.intelligent.sessions import turn_overruns
from agenteval.errors import Conflict
from agenteval.store.eval_log import advance_eval
from agenteval.store.models import EvalEvent, EvalMessage, EvalSession


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
                     now: datetime, enforce_budget: bool) -> StoredTurn:
    """Store both messages of turn `turn` with their events, or nothing (Conflict).

    The eval row is updated first (sequence, turns_used, activity) only while it
    is EXECUTING, then the session only while it is RUNNING at `turn`: the same
    lock order as the EvalActor's transitions (eval, then its sessions), so the
    two never deadlock on PostgreSQL. The budget is checked again on the
    counters the transaction itself produced, which no concurrent turn can share.
    """
    async with in_transaction():
        counters = await advance_eval(
            session.eval_id, 1, only_if={"status": sm.EXECUTING}, returning=("turns_used",),
            also={"turns_used": F("turns_used") + 1, "last_agent_activity_at": now})
        changed = counters and await EvalSession.filter(
            id=session.id, turn_count=turn, status=sm.SESSION_RUNNING).update(
            turn_count=turn + 1, last_activity_at=now, conversation_id=conversation_id)
        if not changed:
            raise Conflict("the session changed while the message was in flight; "
                           "nothing was stored")
        # Raises BudgetExceeded (rolling everything back) when enforced.
        overruns = turn_overruns(plan, turn + 1, counters["turns_used"], enforce_budget)
        await EvalMessage.bulk_create([user, reply])
        detail = {"sessionId": str(session.id), "turnIndex": turn,
                  "latencyMs": reply.latency_ms, "error": reply.error}
        events = [_event(session, counters["event_sequence"], "MESSAGE_EXCHANGED", detail, now)]
        if overruns:
            last = (await advance_eval(session.eval_id, len(overruns)))["event_sequence"]
            first = last - len(overruns) + 1
            events += [_event(session, first + offset, "BUDGET_OVERRUN", overrun, now)
                       for offset, overrun in enumerate(overruns)]
        await EvalEvent.bulk_create(events)
    return StoredTurn(user, reply, events)


def _event(session: EvalSession, sequence: int, type: str, detail: dict[str, Any],
           now: datetime) -> EvalEvent:
    return EvalEvent(id=uuid.uuid4(), eval_id=session.eval_id, sequence=sequence, type=type,
                     status=sm.EXECUTING, session_id=session.id, detail=detail, at=now)
