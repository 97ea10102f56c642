"""The event log of intelligent evals: gap-free per-eval sequences, published after commit.

`append_event` must run inside the transaction that makes the change it
records: it allocates the next sequence by incrementing
`IntelligentEval.event_sequence` (a row lock on PostgreSQL, the connection lock
on SQLite), so two writers — even in two processes — never share or skip a
number. The bus only wakes subscribers; they read the log from the database.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any, cast

from tortoise.expressions import F

from agenteval.store.event_bus import EventBus
from agenteval.store.models import EvalEvent, IntelligentEval


def eval_topic(eval_id: uuid.UUID | str) -> str:
    return f"eval:{eval_id}"


def session_topic(session_id: uuid.UUID | str) -> str:
    return f"session:{session_id}"


async def append_event(eval_id: uuid.UUID | str, type: str, status: str, *,
                       session_id: uuid.UUID | str | None = None,
                       detail: dict[str, Any] | None = None,
                       also: dict[str, Any] | None = None) -> EvalEvent:
    """Store one event with the eval's next sequence (call inside a transaction).

    `also` sets further eval columns in the same UPDATE (one statement less per turn).
    """
    counters = await advance_eval(eval_id, 1, also=also)
    return await EvalEvent.create(eval_id=eval_id, sequence=counters["event_sequence"],
                                  type=type, status=status, session_id=session_id,
                                  detail=detail)


async def advance_eval(eval_id: uuid.UUID | str, events: int, *,
                       also: dict[str, Any] | None = None,
                       only_if: dict[str, Any] | None = None,
                       returning: tuple[str, ...] = ()) -> dict[str, Any]:
    """Reserve `events` sequence numbers of the eval in ONE statement (inside a transaction).

    An UPDATE … RETURNING (PostgreSQL, SQLite ≥ 3.35): the row stays locked until
    the transaction ends, so the reserved numbers are the transaction's alone.
    Returns the eval's new `event_sequence` (the last reserved number) and the
    `returning` columns after the update, or {} when `only_if` (further WHERE
    conditions, e.g. a status) left no row to update.
    """
    query = IntelligentEval.filter(id=eval_id, **(only_if or {})).update(
        event_sequence=F("event_sequence") + events, **(also or {}))
    query.sql()  # builds the query on the current (the transaction's) connection
    sql, params = query.query.get_parameterized_sql()
    columns = ", ".join(("event_sequence", *returning))
    rows = await query._db.execute_query_dict(f"{sql} RETURNING {columns}", params)
    return dict(rows[0]) if rows else {}


async def publish_events(bus: EventBus, events: Iterable[EvalEvent]) -> None:
    """Wake the subscribers of each event's eval (after the transaction committed)."""
    for event in events:
        await bus.publish(eval_topic(event.eval_id),
                          {"sequence": event.sequence, "type": event.type})


async def record_event(bus: EventBus, eval_id: uuid.UUID | str, type: str, *,
                       session_id: uuid.UUID | str | None = None,
                       detail: dict[str, Any] | None = None) -> EvalEvent:
    """Append one event in its own transaction and publish it (e.g. AGENT_WOKEN from a driver)."""
    from tortoise.transactions import in_transaction

    async with in_transaction():
        # Tortoise types values_list as tuples even with flat=True, which gives the scalar.
        status = cast(str, await IntelligentEval.filter(id=eval_id).first()
                      .values_list("status", flat=True))
        event = await append_event(eval_id, type, status, session_id=session_id, detail=detail)
    await publish_events(bus, [event])
    return event
