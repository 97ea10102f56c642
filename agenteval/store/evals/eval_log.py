"""The event log of intelligent evals: gap-free per-eval sequences, published after commit.

Ownership (one writer per column): the eval row's log counters —
`event_sequence`, `turns_used` and `last_agent_activity_at` — are written by
`append_events` and by nothing else. Every writer of events goes through it:
the EvalActor (its transitions), the SessionActor (turns, closes, expiries,
failures) and the wake-up recorder (`record_event`). The EvalActor owns the
eval's other columns (status, version, plan, report, …); each SessionActor owns
its session row.

`append_events` must run inside the transaction that makes the change it
records: it reserves the next sequence numbers by incrementing
`IntelligentEval.event_sequence` in ONE `UPDATE … RETURNING` (a row lock on
PostgreSQL, the connection lock on SQLite), so two writers — even in two
processes — never share or skip a number. The bus only wakes subscribers;
they read the log from the database.

The log's records (`NewEvent`, `EventRecord`, `Appended`) are the domain's
(domain/intelligent/eval_events.py): the appended rows are mapped to records here,
at the edge. The bus's topics and publishing are store/evals/eval_topics.py's
(no ORM).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, cast

from tortoise.expressions import F
from tortoise.transactions import in_transaction

from agenteval.domain.intelligent.eval_events import Appended, EventRecord, NewEvent
from agenteval.errors import NotFound
from agenteval.store.evals.eval_topics import EvalId, publish_events
from agenteval.store.event_bus import EventBus
from agenteval.store.models import EvalEvent, IntelligentEval
from agenteval.store.notifications.outbox import enqueue_eval_notifications


def _uuid(value: uuid.UUID | str) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


def event_record(row: EvalEvent) -> EventRecord:
    """A stored (or just inserted) event row as the ports' record."""
    session_id = row.session_id
    return EventRecord(id=row.id, eval_id=_uuid(row.eval_id), sequence=row.sequence,
                       type=row.type, status=row.status,
                       session_id=None if session_id is None else _uuid(session_id),
                       detail=row.detail, at=row.at)


async def append_events(eval_id: EvalId, status: str, events: Sequence[NewEvent], *,
                        turns: int = 0, agent_active_at: datetime | None = None,
                        only_if_status: str | None = None,
                        at: datetime | None = None) -> Appended | None:
    """Store `events` with the eval's next sequences (call inside a transaction).

    `status` is the eval's status the events are recorded under. In the same
    statement, `turns` is added to `turns_used` and `agent_active_at` (when given)
    becomes `last_agent_activity_at`. With `only_if_status`, nothing happens (None)
    unless the eval has that status, checked under the row lock. The events are
    dated `at` (default: now).
    """
    also: dict[str, Any] = {}
    if turns:
        also["turns_used"] = F("turns_used") + turns
    if agent_active_at is not None:
        also["last_agent_activity_at"] = agent_active_at
    where = {} if only_if_status is None else {"status": only_if_status}
    counters = await _advance(eval_id, len(events), also, where)
    if not counters:
        return None
    first = counters["event_sequence"] - len(events) + 1
    at = at or datetime.now(UTC)
    rows = [EvalEvent(id=uuid.uuid4(), eval_id=eval_id, sequence=first + offset,
                      type=event.type, status=status, session_id=event.session_id,
                      detail=event.detail, at=at)
            for offset, event in enumerate(events)]
    if rows:
        await EvalEvent.bulk_create(rows)
        await enqueue_eval_notifications(eval_id, rows)  # the outbox, in this transaction
    activity = IntelligentEval._meta.fields_map["last_agent_activity_at"].to_python_value(
        counters["last_agent_activity_at"])  # SQLite answers a raw query with text
    return Appended(tuple(event_record(row) for row in rows), counters["turns_used"],
                    counters["event_sequence"], activity)


async def _advance(eval_id: EvalId, events: int, also: dict[str, Any],
                   where: dict[str, Any]) -> dict[str, Any]:
    """Reserve `events` sequence numbers in ONE statement (inside a transaction).

    An UPDATE … RETURNING (PostgreSQL, SQLite ≥ 3.35): the row stays locked until
    the transaction ends, so the reserved numbers are the transaction's alone.
    Returns the new `event_sequence` (the last reserved number), `turns_used` and
    `last_agent_activity_at`, or {} when `where` left no row to update.
    """
    query = IntelligentEval.filter(id=eval_id, **where).update(
        event_sequence=F("event_sequence") + events, **also)
    query.sql()  # builds the query on the current (the transaction's) connection
    sql, params = query.query.get_parameterized_sql()
    rows = await query._db.execute_query_dict(
        f"{sql} RETURNING event_sequence, turns_used, last_agent_activity_at", params)
    return dict(rows[0]) if rows else {}


async def record_event(bus: EventBus, eval_id: EvalId, type: str, *,
                       session_id: uuid.UUID | str | None = None,
                       detail: dict[str, Any] | None = None) -> EventRecord:
    """Append one event in its own transaction and publish it (e.g. AGENT_WOKEN from a driver)."""
    async with in_transaction():
        # Tortoise types values_list as tuples even with flat=True, which gives the scalar.
        status = cast(str, await IntelligentEval.filter(id=eval_id).first()
                      .values_list("status", flat=True))
        appended = await append_events(eval_id, status, [NewEvent(type, detail, session_id)])
    if appended is None:
        raise NotFound(f"intelligent eval {eval_id} does not exist")
    await publish_events(bus, appended.events)
    return appended.events[0]
