"""Sources, monitors and alerts as an OPERATOR sets them up: the rows behind the checks of
`engine/monitoring/monitors.py`, monitors handed out as frozen records. A monitor's name
is unique: the writes answer None when another monitor holds it, and the engine says
CONFLICT."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tortoise.exceptions import IntegrityError

from agenteval.store.models import Monitor, MonitorAlert, MonitoredConversation, MonitoredSource
from agenteval.store.paging import where_given

# The API's types read the alerts' and sources' attributes (read-only); exported so the
# engine names them without importing the models.
__all__ = ["MonitorAlert", "MonitorSettings", "MonitoredSource", "create_monitor",
           "find_monitor", "monitor_settings", "reclose_judged", "set_alert_state",
           "source_exists", "source_named", "update_monitor"]


@dataclass(frozen=True)
class MonitorSettings:
    """A monitor as stored: what it selects, judges and samples, and its model budget."""

    id: uuid.UUID
    name: str
    source_id: uuid.UUID | None
    metadata_match: dict[str, Any]
    judge: dict[str, Any]
    red_lines: list[dict[str, Any]]
    sample_rate: float
    stratify_by: str | None
    daily_model_budget: int | None
    active: bool
    created_at: datetime


def monitor_settings(row: Monitor) -> MonitorSettings:
    return MonitorSettings(row.id, row.name, row.source_id, row.metadata_match, row.judge,
                           row.red_lines, row.sample_rate, row.stratify_by,
                           row.daily_model_budget, row.active, row.created_at)


async def source_named(name: str) -> bool:
    return await MonitoredSource.exists(name=name)


async def source_exists(source_id: uuid.UUID) -> bool:
    return await MonitoredSource.exists(id=source_id)


async def create_monitor(values: dict[str, Any]) -> MonitorSettings | None:
    """The new monitor, or None when its name is taken."""
    try:
        return monitor_settings(await Monitor.create(**values))
    except IntegrityError:
        return None


async def find_monitor(monitor_id: uuid.UUID) -> MonitorSettings | None:
    row = await Monitor.get_or_none(id=monitor_id)
    return None if row is None else monitor_settings(row)


async def update_monitor(monitor_id: uuid.UUID, values: dict[str, Any]
                         ) -> MonitorSettings | None:
    """Replace the monitor's settings; None (nothing saved) when its new name is taken."""
    monitor = await Monitor.get(id=monitor_id)
    monitor.update_from_dict(values)
    try:
        await monitor.save()
    except IntegrityError:
        return None
    return monitor_settings(monitor)


async def set_alert_state(alert_id: uuid.UUID, state: str) -> MonitorAlert | None:
    alert = await MonitorAlert.get_or_none(id=alert_id)
    if alert is not None:
        alert.state = state
        await alert.save(update_fields=["state"])
    return alert


async def reclose_judged(since: datetime, source_id: uuid.UUID | None) -> int:
    """Close again the JUDGED conversations (of a source) whose last turn is at or after
    `since`, so the judging claims them once more; how many."""
    query = MonitoredConversation.filter(status="JUDGED", last_turn_at__gte=since)
    query = where_given(query, source_id=source_id)
    return await query.update(status="CLOSED")
