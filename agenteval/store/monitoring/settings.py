"""Sources, monitors and alerts as an OPERATOR sets them up: the rows behind the checks of
`engine/monitoring/monitors.py`. A monitor's name is unique: the writes answer None (or
False) when another monitor holds it, and the engine says CONFLICT."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from tortoise.exceptions import IntegrityError

from agenteval.store.models import Monitor, MonitorAlert, MonitoredConversation, MonitoredSource

# The API's types read these rows' attributes (read-only); exported so the engine names
# them without importing the models.
__all__ = ["Monitor", "MonitorAlert", "MonitoredSource"]


async def source_named(name: str) -> bool:
    return await MonitoredSource.exists(name=name)


async def source_exists(source_id: uuid.UUID) -> bool:
    return await MonitoredSource.exists(id=source_id)


async def create_monitor(values: dict[str, Any]) -> Monitor | None:
    """The new monitor, or None when its name is taken."""
    try:
        return await Monitor.create(**values)
    except IntegrityError:
        return None


async def find_monitor(monitor_id: uuid.UUID) -> Monitor | None:
    return await Monitor.get_or_none(id=monitor_id)


async def update_monitor(monitor: Monitor, values: dict[str, Any]) -> bool:
    """Replace the monitor's settings; False (nothing saved) when its new name is taken."""
    monitor.update_from_dict(values)
    try:
        await monitor.save()
    except IntegrityError:
        return False
    return True


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
    if source_id is not None:
        query = query.filter(source_id=source_id)
    return await query.update(status="CLOSED")
