"""A monitored conversation's scorecard items reviewed in a queue are read like a case
attempt's: LLM-dimension items are reviewed judgements of the dimension (with the judge
revision the monitor verdict recorded), align learns from them, and judgeAgreementHistory
shows their revision — as it does a monitored conversation's judged rule; both databases."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

import pytest

from agenteval.domain.monitoring.ingest_lines import IngestTurn
from agenteval.engine.alignment.align import AlignRequest, align
from agenteval.engine.alignment.history import agreement_history
from agenteval.engine.alignment.scorecard_items import scorecard_item_reviewed
from agenteval.engine.alignment.sources import reviewed
from agenteval.store import models
from agenteval.store.judge_revisions.review_reads import item_revisions
from agenteval.store.monitoring.ingest_writes import store_turns
from agenteval.store.monitoring.partitions import ensure_partitions
from agenteval.store.monitoring.sources import create_source
from tests.alignment.pattern_judge import MODEL, REPLIES
from tests.alignment.pattern_rules import DIMENSION, rules_judge
from tests.alignment.test_scorecard_items import ITEM, queue_of

LABEL = "qa_llm_dimension/en/r2:feedbeef"
RULE_LABEL = "llm_score/en/r1:abcd1234"


async def _conversations(count: int, replies: list[str]) -> list[models.MonitoredConversation]:
    source = await create_source(f"shop-{uuid.uuid4()}", quiet_period_s=0.01)
    today = datetime.now(UTC).date()
    await ensure_partitions({today})
    turns = [IngestTurn(line=2 * c + i, source=source.name, conversation_id=f"c{c}",
                        message_key=f"m{c}-{i}", position=i, role=role, content=content,
                        timestamp=None, end=i == 1)
             for c in range(count) for i, (role, content) in enumerate(
                 (("user", f"Order {c} never arrived, help?"), ("assistant", replies[c])))]
    await store_turns(turns, {source.name: source}, today)
    by_external = {c.external_id: c for c in await models.MonitoredConversation.filter(
        source_id=source.id)}
    return [by_external[f"c{c}"] for c in range(count)]


async def reviewed_conversations(kinds: list[tuple[str, bool, bool]]) -> list[str]:
    """One monitored conversation per (reply kind, judge said yes, reviewer says the item
    fired), judged by a monitor whose verdict holds an llm_score result (position 0) and a
    scorecard with the LLM-dimension item ITEM (position 1), reviewed in a queue; the review
    items' ids."""
    monitor = await models.Monitor.create(id=uuid.uuid4(), name=f"m-{uuid.uuid4()}")
    conversations = await _conversations(len(kinds), [REPLIES[k] for k, *_ in kinds])
    ids = []
    for position, ((_, judge_yes, human_fired), conversation) in enumerate(
            zip(kinds, conversations, strict=True)):
        item = {"item": ITEM, "status": "no_hit" if judge_yes else "hit", "points": 0,
                "occurrences": 0, "evidence": [],
                "detail": {"dimension": DIMENSION, "language": "en",
                           "verdict": "yes" if judge_yes else "no",
                           "judge": {"model": MODEL, "revision": LABEL}}}
        verdict = await models.MonitorVerdict.create(
            id=uuid.uuid4(), monitor_id=monitor.id, conversation_id=conversation.id,
            version=1, status="JUDGED", passed=True, success_level="SUCCESS",
            judged_at=datetime.now(UTC), results=[
                {"ruleType": "llm_score", "status": "passed", "detail": {
                    "judge": {"model": MODEL, "revision": RULE_LABEL}}},
                {"ruleType": "scorecard", "status": "passed", "detail": {"items": [item]}}])
        entry_key = f"scorecard:1:{ITEM}"
        row = await models.ReviewItemRow.create(
            id=uuid.uuid4(), queue_id=uuid.uuid4(), position=position, stage="FIRST",
            kind="CONVERSATION", target=f"conversation:{conversation.id}", status="DONE",
            rubric={"successLevel": "SUCCESS", "monitorId": str(monitor.id),
                    "conversationId": str(conversation.id), "verdictId": str(verdict.id),
                    "entries": [
                        {"key": "rule:0", "ruleType": "llm_score", "judged": True,
                         "verdict": True, "judgeModel": MODEL, "language": "en",
                         "turnIndex": 1},
                        {"key": entry_key, "ruleType": f"scorecard:{ITEM}", "judged": False,
                         "verdict": not judge_yes, "turnIndex": 1}]},
            final={"successLevel": "SUCCESS", "entries": {
                "rule:0": {"verdict": True, "quoteRight": None},
                entry_key: {"verdict": human_fired, "quoteRight": None}}})
        ids.append(str(row.id))
    return ids


async def test_a_conversation_s_reviewed_item_is_a_judgement_of_its_dimension(db: str
                                                                              ) -> None:
    ids = await reviewed_conversations([("P", True, True), ("good", True, False)])
    first, second = await scorecard_item_reviewed()
    assert (first.rule_type, first.language, first.judge_model, first.revision) == (
        "qa_llm_dimension", "en", MODEL, LABEL)
    assert first.rule_params == {"dimension": DIMENSION, "if_not_applicable": "pass"}
    assert (first.machine_passed, first.human_passed) == (True, False)  # fired: a "no"
    assert (second.machine_passed, second.human_passed) == (True, True)
    assert first.item_id == f"{ids[0]}:{ITEM}" and first.scorecard_item == ITEM
    assert first.transcript == [
        {"role": "user", "content": "Order 0 never arrived, help?"},
        {"role": "assistant", "content": REPLIES["P"]}]
    assert len(await reviewed("qa_llm_dimension", "en")) == 2
    assert await reviewed("qa_llm_dimension", "zh") == []
    # The judged rule of the same item takes the revision its verdict's result recorded.
    assert await item_revisions(set(ids)) == {
        **{(i, "llm_score"): RULE_LABEL for i in ids},
        **{(i, "scorecard"): None for i in ids}}


async def test_align_and_the_history_read_monitored_scorecard_items(db: str) -> None:
    await reviewed_conversations(queue_of(40, "P"))
    async with rules_judge() as (_, registry, cache):
        row = await align(AlignRequest("qa_llm_dimension", "en", seed=4), reviewed, registry,
                          cache)
    assert row.decision == "ADOPTED", row.reason
    assert row.measurement["before"]["kappa"] == pytest.approx(0.4)
    examples: list[dict[str, Any]] = row.candidate_examples
    assert examples and all(e["scorecardItem"] == ITEM for e in examples)
    points = await agreement_history(None, MODEL, "en", "WEEK")
    by_rule = {(p.rule_type, p.revision): p for p in points}
    assert set(by_rule) == {("qa_llm_dimension", LABEL), ("llm_score", RULE_LABEL)}
    dimension = by_rule[("qa_llm_dimension", LABEL)]
    assert (dimension.agreement.reviewed, dimension.agreement.agreed) == (120, 80)
    assert by_rule[("llm_score", RULE_LABEL)].agreement.reviewed == 120
