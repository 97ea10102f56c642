"""κ drift alerts: at most one open alert per (rule type, language).

The alert row and its webhook deliveries are written in one transaction, and only when no
alert is open (a unique key while open, so not even two processes at once), so a fall below
the threshold notifies once; it closes when agreement is
back at or above the threshold, re-arming the alert.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from agenteval.store.models import JudgeDriftAlertRow
from agenteval.store.notifications import outbox

DRIFT_EVENT = "review.judge_drift"


async def open_alert(rule_type: str, language: str) -> JudgeDriftAlertRow | None:
    return await JudgeDriftAlertRow.get_or_none(rule_type=rule_type, language=language,
                                                is_open=True)


async def raise_alert(rule_type: str, language: str, *, agreement: float,
                      kappa: float | None, window: int, threshold: float,
                      event: dict[str, Any]) -> JudgeDriftAlertRow | None:
    """The new alert, or None when one is already open (nothing is sent then)."""
    if await open_alert(rule_type, language) is not None:
        return None
    try:
        async with in_transaction():
            alert = await JudgeDriftAlertRow.create(
                rule_type=rule_type, language=language, agreement=agreement, kappa=kappa,
                window=window, threshold=threshold, open_key=f"{rule_type}/{language}")
            await outbox.enqueue(DRIFT_EVENT, str(alert.id), {**event,
                                                              "alertId": str(alert.id)})
            return alert
    except IntegrityError:  # another process opened it first: it sends the event
        return None


async def close_alerts(rule_type: str, language: str) -> int:
    return await JudgeDriftAlertRow.filter(rule_type=rule_type, language=language,
                                           is_open=True).update(is_open=False, open_key=None,
                                                             closed_at=datetime.now(UTC))
