"""The κ drift alert: one webhook event when agreement on the last N reviews falls
significantly below the threshold (its whole Wilson interval), none on a fall within the
noise or while it stays low, another only after it recovered and fell again."""

from __future__ import annotations

import asyncio

from agenteval.config import Settings
from agenteval.engine.alignment.drift import check_drift
from agenteval.engine.notifications.deliverer import Deliverer
from agenteval.store.models import JudgeDriftAlertRow, Webhook, WebhookDelivery
from tests.alignment.pattern_judge import reviewed, source_of
from tests.notifications.platforms import PlatformServer
from tests.support.local_server import Serve

SETTINGS = Settings(judge_drift_window=30, judge_drift_min_agreement=0.8, webhook_timeout_s=2)


async def test_a_fall_below_the_threshold_alerts_once_through_the_webhooks(
        db: str, serve: Serve) -> None:
    json_server, feishu = PlatformServer("JSON"), PlatformServer("FEISHU")
    await Webhook.create(name="json", url=f"{await serve(json_server.app())}/hook/t",
                         format="JSON")
    await Webhook.create(name="feishu", url=f"{await serve(feishu.app())}/hook/t",
                         format="FEISHU", events=["review.judge_drift"])
    await Webhook.create(name="runs only", url="http://127.0.0.1:9/h", format="JSON",
                         events=["run.completed"])
    items = [reviewed("good", i, machine=True, human=True) for i in range(29)]
    source = source_of(items)

    assert await check_drift("llm_score", "en", source, SETTINGS) is None  # 29 < window
    items.append(reviewed("good", 29, machine=True, human=True))
    assert await check_drift("llm_score", "en", source, SETTINGS) is None  # 100 % agree
    items += [reviewed("P", i, machine=True, human=False) for i in range(30, 40)]
    # 20 of the last 30 agree: 67 %, below 80 %, but its interval (49–81 %) holds 80 %.
    assert await check_drift("llm_score", "en", source, SETTINGS) is None
    items += [reviewed("P", i, machine=True, human=False) for i in range(40, 42)]
    alert = await check_drift("llm_score", "en", source, SETTINGS)  # 18 of 30: 42–75 %
    assert alert is not None and alert.agreement == 0.6
    items.append(reviewed("P", 42, machine=True, human=False))
    assert await check_drift("llm_score", "en", source, SETTINGS) is None  # still open
    assert await WebhookDelivery.all().count() == 2  # json + feishu, once

    assert await Deliverer(SETTINGS).deliver_due() == 2
    [event] = json_server.received
    assert event["event"] == "review.judge_drift" and event["rule"] == "llm_score"
    assert event["agreement"] == 0.6 and event["window"] == 30
    assert event["agreementLow"] < 0.6 < event["agreementHigh"] < 0.8
    assert "18 of 30 reviewed agree" in event["detail"] and event["link"].endswith(
        "/review/agreement")
    [card] = feishu.received
    assert "Judge agreement fell: llm_score (en)" in str(card)

    items += [reviewed("good", i, machine=True, human=True) for i in range(50, 80)]
    assert await check_drift("llm_score", "en", source, SETTINGS) is None  # recovered
    assert not (await JudgeDriftAlertRow.get(id=alert.id)).is_open
    items += [reviewed("P", i, machine=True, human=False) for i in range(80, 92)]
    assert await check_drift("llm_score", "en", source, SETTINGS) is not None  # re-armed
    assert await WebhookDelivery.all().count() == 4


async def test_threshold_zero_turns_the_alert_off(db: str) -> None:
    items = [reviewed("P", i, machine=True, human=False) for i in range(20)]
    off = Settings(judge_drift_window=10, judge_drift_min_agreement=0)
    assert await check_drift("llm_score", "en", source_of(items), off) is None
    assert await JudgeDriftAlertRow.all().count() == 0


async def test_two_checks_at_once_open_one_alert(db: str) -> None:
    await Webhook.create(name="json", url="http://127.0.0.1:9/h", format="JSON")
    items = [reviewed("P", i, machine=True, human=False) for i in range(30)]
    source = source_of(items)
    raised = await asyncio.gather(*(check_drift("llm_score", "en", source, SETTINGS)
                                    for _ in range(4)))
    assert sum(alert is not None for alert in raised) == 1
    assert await WebhookDelivery.all().count() == 1
    assert await JudgeDriftAlertRow.all().count() == 1
