"""Monitoring's results: verdicts (unique per monitor, conversation and version), red-line
hits (unique per monitor, conversation and rule) and their alerts, each alert written
with its webhook deliveries in one transaction (the outbox of store/notifications)."""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from tortoise import Tortoise
from tortoise.exceptions import IntegrityError
from tortoise.fields.data import JSON_DUMPS
from tortoise.transactions import in_transaction

from agenteval.store.models import MonitorAlert, MonitorVerdict, RedLineHit
from agenteval.store.monitoring.partitions import is_postgres
from agenteval.store.notifications import outbox

RED_LINE_EVENT = "monitoring.red_line"
DROP_EVENT = "monitoring.drop"


async def judged_versions(conversation_ids: list[uuid.UUID]
                          ) -> set[tuple[uuid.UUID, uuid.UUID, int]]:
    """(monitor, conversation, version) of the verdicts these conversations already have."""
    rows = await MonitorVerdict.filter(conversation_id__in=conversation_ids).values_list(
        "monitor_id", "conversation_id", "version")
    return {(uuid.UUID(str(m)), uuid.UUID(str(c)), int(v)) for m, c, v in rows}


async def red_line_monitors(conversation_ids: list[uuid.UUID]
                            ) -> set[tuple[uuid.UUID, uuid.UUID]]:
    """(monitor, conversation) pairs that crossed a red line."""
    rows = await RedLineHit.filter(conversation_id__in=conversation_ids).values_list(
        "monitor_id", "conversation_id")
    return {(uuid.UUID(str(m)), uuid.UUID(str(c))) for m, c in rows}


SAVE_POSTGRES = """
INSERT INTO monitor_verdicts (id, monitor_id, conversation_id, version, status, passed,
    success_level, score, results, model_judged, error, judged_at)
SELECT id, monitor_id, conversation_id, version, status, passed, success_level, score,
       results::jsonb, model_judged, error, judged_at
  FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::text[], $6::bool[],
              $7::text[], $8::float8[], $9::text[], $10::bool[], $11::text[],
              $12::timestamptz[])
    AS v(id, monitor_id, conversation_id, version, status, passed, success_level, score,
         results, model_judged, error, judged_at)
ON CONFLICT (monitor_id, conversation_id, version) DO NOTHING
"""
COLUMNS = ("id", "monitor_id", "conversation_id", "version", "status", "passed",
           "success_level", "score", "results", "model_judged", "error", "judged_at")


@dataclass(frozen=True)
class NewVerdict:
    """A monitor's verdict on one version of a conversation, as the judging made it."""

    id: uuid.UUID
    monitor_id: uuid.UUID
    conversation_id: uuid.UUID
    version: int
    status: str
    passed: bool | None
    success_level: str | None
    score: float | None
    results: list[dict[str, Any]]
    model_judged: bool
    error: str | None
    judged_at: datetime


async def save_verdicts(rows: list[NewVerdict]) -> None:
    """Insert (on PostgreSQL one statement for the batch); a verdict another process wrote
    first (a lapsed claim) is kept as it is."""
    if not rows:
        return
    if not is_postgres():
        await MonitorVerdict.bulk_create([MonitorVerdict(**asdict(row)) for row in rows],
                                         ignore_conflicts=True)
        return
    columns: list[list[Any]] = [[getattr(row, name) for row in rows] for name in COLUMNS]
    columns[8] = [JSON_DUMPS(value) for value in columns[8]]
    await Tortoise.get_connection("default").execute_query(SAVE_POSTGRES, columns)


async def record_red_line(monitor_id: uuid.UUID, conversation_id: uuid.UUID, rule_type: str,
                          turn_position: int, quote: str, detail: dict[str, Any],
                          turn_received_at: datetime, event: dict[str, Any]) -> bool:
    """The hit, its alert and the alert's deliveries; False when this monitor already had a
    hit of this rule in this conversation (no second alert)."""
    if await RedLineHit.exists(monitor_id=monitor_id, conversation_id=conversation_id,
                               rule_type=rule_type):
        return False
    try:
        async with in_transaction():
            await RedLineHit.create(monitor_id=monitor_id, conversation_id=conversation_id,
                                    rule_type=rule_type, turn_position=turn_position,
                                    quote=quote, detail=detail,
                                    turn_received_at=turn_received_at)
            alert = await MonitorAlert.create(
                monitor_id=monitor_id, kind="RED_LINE", conversation_id=conversation_id,
                rule_type=rule_type, detail={**event, "quote": quote})
            await outbox.enqueue(RED_LINE_EVENT, str(alert.id),
                                 {**event, "alertId": str(alert.id)})
    except IntegrityError:  # another process recorded it first
        return False
    return True
