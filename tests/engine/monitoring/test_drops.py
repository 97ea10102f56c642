"""Drop alerts from stored verdicts with an injected clock: once per window, a cooldown,
the figure with its interval in the outbox event; both databases."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from agenteval.engine.monitoring.windows import DropSettings, check_drops, recent_windows
from agenteval.store.models import Monitor, MonitorAlert, MonitorVerdict, Webhook, WebhookDelivery

NOW = datetime(2026, 12, 6, 10, 2, 30, tzinfo=UTC)  # windows of a minute: 10:00, 10:01, 10:02


async def verdicts(monitor: Monitor, start: datetime, passed: int, failed: int) -> None:
    rows = [MonitorVerdict(id=uuid.uuid4(), monitor_id=monitor.id, conversation_id=uuid.uuid4(),
                           version=1, status="JUDGED", passed=index < passed,
                           results=[{"ruleType": "commitment_phrases",
                                     "status": "passed" if index < passed else "failed"}],
                           judged_at=start + timedelta(seconds=index % 50))
            for index in range(passed + failed)]
    await MonitorVerdict.bulk_create(rows)


async def test_a_significant_drop_alerts_once_per_window_with_its_interval(db: str) -> None:
    monitor = await Monitor.create(name="m", judge={"rules": []})
    await Webhook.create(name="team", url="http://127.0.0.1:9/x", format="FEISHU")
    minute = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
    await verdicts(monitor, minute, 90, 10)
    await verdicts(monitor, minute + timedelta(minutes=1), 55, 45)
    settings = DropSettings(window_s=60, cooldown_s=60)
    assert await check_drops(NOW, settings) == 1
    assert await check_drops(NOW + timedelta(seconds=5), settings) == 0  # same window
    [alert] = await MonitorAlert.filter(kind="DROP")
    metric = alert.detail["metric"]
    assert metric["value"] == 0.55 and metric["previous"] == 0.9
    assert metric["low"] < 0.55 < metric["high"] and metric["pValue"] < 1e-4
    [delivery] = await WebhookDelivery.all()
    assert delivery.event == "monitoring.drop"
    windows = await recent_windows(monitor.id, NOW, 60, 3)
    assert [w.volume for w in windows] == [100, 100, 0]
    assert windows[1].rule_hits["commitment_phrases"].successes == 45


async def test_noise_and_small_windows_do_not_alert(db: str) -> None:
    monitor = await Monitor.create(name="m", judge={"rules": []})
    minute = datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
    await verdicts(monitor, minute, 85, 15)
    await verdicts(monitor, minute + timedelta(minutes=1), 80, 20)
    assert await check_drops(NOW, DropSettings(window_s=60, cooldown_s=60)) == 0
    other = await Monitor.create(name="small", judge={"rules": []})
    await verdicts(other, minute, 10, 0)
    await verdicts(other, minute + timedelta(minutes=1), 0, 10)
    assert await check_drops(NOW, DropSettings(window_s=60, cooldown_s=60)) == 0
