"""The outbox: rows commit with the change or not at all; rounds are rescheduled, then given up;
only the sender holding the `webhooks` lease writes."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime

import pytest
from tortoise.transactions import in_transaction

from actors import CLUSTER_KEY, OwnershipLost
from actors.delivery import Delivery, delivering
from actors.ownership import lease_name
from agenteval.config import Settings
from agenteval.domain.intelligent.eval_events import NewEvent
from agenteval.engine.notifications.deliverer import WEBHOOKS_KIND, Deliverer
from agenteval.engine.notifications.events import build_event
from agenteval.store import leases
from agenteval.store.evals.eval_log import append_events
from agenteval.store.models import (
    Campaign,
    IntelligentEval,
    Run,
    Scenario,
    Target,
    Webhook,
    WebhookDelivery,
)
from agenteval.store.notifications import outbox
from agenteval.store.runs.run_store import transition
from tests.notifications.platforms import PlatformServer
from tests.support.local_server import Serve

SENDER_LEASE = lease_name(WEBHOOKS_KIND, CLUSTER_KEY)


async def pending_eval() -> IntelligentEval:
    target = await Target.create(name="t", channel_type="demo")
    return await IntelligentEval.create(name="e", target=target, status="PLANNING", goal="g",
                                        intent="i", role_description="r",
                                        plan={"estimatedSessions": 1})


async def webhook(serve: Serve, server: PlatformServer) -> Webhook:
    base = await serve(server.app())
    return await Webhook.create(name="w", url=f"{base}/hook/t", format=server.format)


async def test_a_rolled_back_change_leaves_no_delivery(db: str) -> None:
    await Webhook.create(name="w", url="http://127.0.0.1:9/h", format="JSON")
    row = await pending_eval()

    with pytest.raises(RuntimeError):
        async with in_transaction():
            await append_events(row.id, "PENDING_APPROVAL", [NewEvent("PLAN_SUBMITTED",
                                                                      {"revision": 1})])
            raise RuntimeError("the transition failed after the events were written")
    assert await WebhookDelivery.all().count() == 0

    async with in_transaction():
        await append_events(row.id, "PENDING_APPROVAL", [
            NewEvent("PLAN_SUBMITTED", {"revision": 1}), NewEvent("HEARTBEAT")])
    [delivery] = await WebhookDelivery.all()
    assert (delivery.event, delivery.subject_id, delivery.detail["revision"]) == (
        "eval.plan_pending", str(row.id), 1)


async def test_a_failed_round_is_rescheduled_then_delivered_with_the_same_body(
        db: str, serve: Serve) -> None:
    server = PlatformServer("JSON", fail_first=3)  # the whole first round fails
    hook = await webhook(serve, server)
    row = await pending_eval()
    async with in_transaction():
        await outbox.enqueue("eval.plan_pending", str(row.id), {"revision": 1})
    deliverer = Deliverer(Settings(webhook_timeout_s=1), round_backoff_s=0)

    assert await deliverer.deliver_due() == 1
    [delivery] = await WebhookDelivery.all()
    assert (delivery.status, delivery.attempts, delivery.last_error) == (
        "PENDING", 1, "HTTP 500: upstream hiccup")
    assert (await Webhook.get(id=hook.id)).last_delivery_ok is False
    first_body = delivery.payload

    assert await deliverer.deliver_due() == 1
    delivered = await WebhookDelivery.get(id=delivery.id)
    assert (delivered.status, delivered.attempts) == ("DELIVERED", 2)
    assert server.received == [first_body] and first_body["id"] == str(delivery.id)
    assert (await Webhook.get(id=hook.id)).last_delivery_ok is True
    assert await deliverer.deliver_due() == 0


async def test_after_the_last_round_the_delivery_is_given_up(db: str, serve: Serve) -> None:
    server = PlatformServer("WECOM", fail_first=100)
    await webhook(serve, server)
    row = await pending_eval()
    await outbox.enqueue("eval.failed", str(row.id), {"reason": "planner stalled"})
    deliverer = Deliverer(Settings(webhook_timeout_s=1, webhook_attempts=1))

    await deliverer.deliver_due()
    [delivery] = await WebhookDelivery.all()
    assert (delivery.status, delivery.attempts) == ("FAILED", 1)


async def test_an_event_whose_subject_was_deleted_is_given_up(db: str, serve: Serve) -> None:
    await webhook(serve, PlatformServer("JSON"))
    await outbox.enqueue("run.completed", str(uuid.uuid4()), {})

    await Deliverer(Settings()).deliver_due()
    [delivery] = await WebhookDelivery.all()
    assert delivery.status == "FAILED" and "no longer exists" in delivery.last_error


async def test_a_sender_that_lost_the_webhooks_lease_writes_and_sends_nothing(
        db: str, serve: Serve) -> None:
    server = PlatformServer("JSON")
    await webhook(serve, server)
    row = await pending_eval()
    await outbox.enqueue("eval.plan_pending", str(row.id), {"revision": 1})
    stale = await leases.claim(SENDER_LEASE, 0.01)
    assert stale is not None
    await asyncio.sleep(0.05)  # this sender stalled past the expiry; another one took over
    assert await leases.claim(SENDER_LEASE, 60, owner="another process") is not None

    with pytest.raises(OwnershipLost), delivering(Delivery(stale)):  # as the singleton runs it
        await Deliverer(Settings(webhook_timeout_s=1)).deliver_due()
    [delivery] = await WebhookDelivery.all()
    assert (delivery.status, delivery.attempts, delivery.payload) == ("PENDING", 0, None)
    assert server.requests == 0  # the fenced payload write comes before the send


async def test_the_sender_holding_the_lease_delivers_and_a_delivered_row_is_not_due(
        db: str, serve: Serve) -> None:
    server = PlatformServer("JSON")
    await webhook(serve, server)
    await outbox.enqueue("run.failed", str(uuid.uuid4()), {})
    fence = await leases.claim(SENDER_LEASE, 60)
    deliverer = Deliverer(Settings(webhook_timeout_s=1))
    assert fence is not None
    with delivering(Delivery(fence)):  # as the singleton runs its steps
        # The subject is gone, so the round is given up; written under the live fence.
        assert await deliverer.deliver_due() == 1
        [delivery] = await WebhookDelivery.all()
        assert (delivery.status, delivery.attempts) == ("FAILED", 1)
        assert await outbox.due(datetime.now(UTC)) == []
        assert await deliverer.deliver_due() == 0


async def test_each_notifying_event_becomes_its_notification_and_others_none(db: str) -> None:
    await Webhook.create(name="w", url="http://127.0.0.1:9/h", format="JSON")
    row = await pending_eval()
    for event in (NewEvent("CANCELLED", {"reason": "x"}), NewEvent("HEARTBEAT"),
                  NewEvent("REPORT_SUBMITTED"), NewEvent("COMPLETED"),
                  NewEvent("FAILED", {"reason": "analyst stalled"})):
        async with in_transaction():
            await append_events(row.id, "ANY", [event])
    names = [d.event for d in await WebhookDelivery.all().order_by("created_at")]
    assert sorted(names) == ["eval.completed", "eval.failed"]
    failed = await WebhookDelivery.get(event="eval.failed")
    assert failed.detail["reason"] == "analyst stalled"


async def test_a_run_ending_notifies_in_the_transition_and_a_cancel_does_not(db: str) -> None:
    await Webhook.create(name="w", url="http://127.0.0.1:9/h", format="JSON",
                         events=["run.failed", "run.completed"])
    target = await Target.create(name="t", channel_type="demo")
    scenario = await Scenario.create(name="s", cases=[])
    campaign = await Campaign.create(name="c", scenario=scenario)
    failing = await Run.create(campaign=campaign, target=target, status="RUNNING")
    cancelled = await Run.create(campaign=campaign, target=target, status="RUNNING")

    assert await transition(failing, "FAIL", error="target gone")
    assert await transition(cancelled, "CANCEL")

    [delivery] = await WebhookDelivery.all()
    assert (delivery.event, delivery.subject_id, delivery.detail) == (
        "run.failed", str(failing.id), {"error": "target gone"})
    event = await build_event(str(delivery.id), delivery.event, delivery.subject_id,
                              delivery.detail, Settings(public_url="https://ui.example/graphql"))
    assert event["error"] == "target gone" and event["run"]["campaign"] == "c"
    assert event["link"] == f"https://ui.example/runs/{failing.id}"


async def test_a_completed_eval_event_counts_findings_by_severity(db: str) -> None:
    row = await pending_eval()
    row.status, row.report = "COMPLETED", {"summary": "s", "findings": [
        {"severity": "LOW"}, {"severity": "HIGH"}, {"severity": "LOW"}, {"severity": "MEDIUM"}]}
    await row.save()
    event = await build_event("d", "eval.completed", str(row.id), {}, Settings())
    assert list(event["report"]["findingsBySeverity"].items()) == [
        ("HIGH", 1), ("MEDIUM", 1), ("LOW", 2)]
    assert event["link"].endswith(f"/evals/{row.id}/report")
