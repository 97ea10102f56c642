"""What the pass-rate drop check reads and writes: verdicts in a window, the last DROP
alert of a monitor, and a new alert stored with its webhook in one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from agenteval.store.models import MonitorAlert, MonitorVerdict
from agenteval.store.monitoring.verdicts import DROP_EVENT
from agenteval.store.notifications import outbox


@dataclass(frozen=True)
class LastDrop:
    """A monitor's latest DROP alert: when it was raised, and its detail."""

    created_at: datetime
    detail: dict[str, Any]


async def verdicts_between(monitor_id: Any, start: datetime, end: datetime
                           ) -> list[tuple[Any, ...]]:
    """(status, passed, results, model_judged) of a monitor's verdicts judged in [start, end)."""
    return [tuple(row) for row in await MonitorVerdict.filter(
        monitor_id=monitor_id, judged_at__gte=start, judged_at__lt=end).values_list(
        "status", "passed", "results", "model_judged")]


async def last_drop(monitor_id: Any) -> LastDrop | None:
    latest = await (MonitorAlert.filter(monitor_id=monitor_id, kind="DROP")
                    .order_by("-created_at").first())
    return None if latest is None else LastDrop(latest.created_at, latest.detail)


async def store_drop(monitor_id: Any, event: dict[str, Any]) -> None:
    """A DROP alert and its webhook (the alert's id added to the event), together."""
    async with in_transaction():
        alert = await MonitorAlert.create(monitor_id=monitor_id, kind="DROP", detail=event)
        await outbox.enqueue(DROP_EVENT, str(alert.id), {**event, "alertId": str(alert.id)})
