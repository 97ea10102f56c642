"""Monitors as a source: every production conversation with a red-line hit, and a share of
the rest, from the latest JUDGED verdict of each; the reviewer reads the masked turns."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from agenteval.engine.review_queues.corrections import reviewed_rule_judgements
from agenteval.store.models import (
    Monitor,
    MonitoredConversation,
    MonitoredSource,
    MonitoredTurn,
    MonitorVerdict,
    RedLineHit,
)
from agenteval.store.monitoring.partitions import ensure_partitions
from tests.review_queues.workbench import CREATE_PLAN, ITEM, answer, claim, reviewer
from tests.support.graphql_client import GraphQLClient

CREATE_QUEUE = """mutation($plan: ID!, $monitors: [ID!]) {
  createReviewQueue(name: "prod", planId: $plan, monitorIds: $monitors) { id } }"""


async def _monitor(conversations: int) -> tuple[uuid.UUID, list[uuid.UUID]]:
    now = datetime.now(UTC)
    await ensure_partitions({now.date()})  # PostgreSQL keeps turns in one partition per day
    source = await MonitoredSource.create(id=uuid.uuid4(), name="prod", pseudonym_key="k" * 64)
    monitor = await Monitor.create(id=uuid.uuid4(), name="qa", source_id=source.id)
    ids = []
    for i in range(conversations):
        conversation = await MonitoredConversation.create(
            id=uuid.uuid4(), source=source, external_id=f"conv-{i}", first_seen_day=now.date(),
            first_seen_at=now, last_turn_at=now, metadata={"channel": "app" if i % 2 else "web"})
        for position, (role, content) in enumerate([("user", "退款"), ("assistant", "好的")]):
            await MonitoredTurn.create(conversation_id=conversation.id,
                                       first_seen_day=now.date(), message_key=f"{i}-{position}",
                                       position=position, role=role, content=content,
                                       sent_at=now, received_at=now)
        passed = i != 0
        await MonitorVerdict.create(
            id=uuid.uuid4(), monitor_id=monitor.id, conversation_id=conversation.id, version=0,
            status="JUDGED", passed=passed, success_level="SUCCESS" if passed else "FAILURE",
            score=1.0, judged_at=now, results=[{
                "ruleType": "llm_score", "status": "passed" if passed else "failed",
                "score": 1.0, "error": None,
                "detail": {"judge": {"model": "j"}, "rule": {"type": "llm_score",
                                                             "params": {"criterion": "x"}}}}])
        ids.append(conversation.id)
    await RedLineHit.create(id=uuid.uuid4(), monitor_id=monitor.id, conversation_id=ids[3],
                            rule_type="qa_word_library", turn_position=1, quote="好的",
                            turn_received_at=now)
    return monitor.id, ids


async def test_a_plan_samples_a_monitors_conversations(gql: GraphQLClient) -> None:
    monitor_id, conversations = await _monitor(6)
    plan = (await gql.execute(CREATE_PLAN, {"name": "prod", "spec": {
        "vetoed": True, "share": 0.2, "seed": 2, "stratifyBy": "metadata.channel",
        "kinds": ["CONVERSATION"]}}))["createReviewPlan"]["id"]
    queue_id = (await gql.execute(CREATE_QUEUE, {"plan": plan, "monitors": [str(monitor_id)]})
                )["createReviewQueue"]["id"]
    _, operator = await reviewer(gql, "op", "OPERATOR")
    items = await claim(operator, queue_id)
    reasons = {i["target"]: i["reasons"] for i in items}
    assert reasons[f"conversation:{conversations[3]}"] == ["vetoed"]
    # one random pick per channel (app, web) besides the red-line hit
    assert sorted(reasons.values()) == [["random"], ["random"], ["vetoed"]]
    item = (await operator.execute(ITEM, {"id": items[0]["id"]}))["reviewItem"]
    assert [t["content"] for t in item["transcript"]] == ["退款", "好的"]
    assert item["rubric"]["entries"][0]["params"] == {"criterion": "x"}
    done = await answer(operator, items[0]["id"], {"successLevel": "PARTIAL",
                                                   "entries": {"rule:0": {"verdict": False}}})
    assert done["final"]["successLevel"] == "PARTIAL"
    [judged] = await reviewed_rule_judgements("llm_score", "zh")
    assert (judged.machine_passed, judged.human_passed) == (items[0]["rubric"]["entries"][0][
        "verdict"], False)
    assert judged.transcript == [{"role": "user", "content": "退款"},
                                 {"role": "assistant", "content": "好的"}]
    assert judged.rule_params == {"criterion": "x"} and judged.judge_model == "j"
    assert await reviewed_rule_judgements("llm_score", "en") == []
