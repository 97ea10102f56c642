"""Scorecards' LLM-dimension items reviewed in a queue are reviewed judgements of the
dimension, and align learns from them like from a rule: examples keyed by the dimension,
recording the scorecard item they came from."""

from __future__ import annotations

import uuid

import pytest

from agenteval.engine.alignment.align import AlignRequest, align
from agenteval.engine.alignment.scorecard_items import scorecard_item_reviewed
from agenteval.engine.alignment.sources import reviewed
from agenteval.store import models
from tests.alignment.pattern_judge import MODEL, REPLIES
from tests.alignment.pattern_rules import DIMENSION, rules_judge

ITEM = "solves_it"  # fires when the answer is "no" (hit_when: fail), as a deduction item


async def reviewed_items(kinds: list[tuple[str, bool, bool]]) -> None:
    """One case attempt per (reply kind, judge said yes, reviewer says the item fired),
    judged by a scorecard with the LLM-dimension item ITEM and reviewed in a queue."""
    target = await models.Target.create(name=f"t-{uuid.uuid4()}", channel_type="demo",
                                        channel_config={})
    scenario = await models.Scenario.create(name=f"s-{uuid.uuid4()}", cases=[])
    campaign = await models.Campaign.create(name=f"c-{uuid.uuid4()}", scenario=scenario)
    run = await models.Run.create(campaign=campaign, target=target, status="COMPLETED",
                                  cases=[])
    for position, (kind, judge_yes, human_fired) in enumerate(kinds):
        key = f"{kind}-{position}"
        outcome = await models.CaseOutcome.create(
            id=uuid.uuid4(), run=run, position=position, case_key=key, attempt=0,
            passed=True, success_level="SUCCESS", score=1.0)
        await models.RunTurn.create(outcome=outcome, index=0, latency_ms=5,
                                    sent_message=f"Order {position} never arrived, help?",
                                    reply=REPLIES[kind])
        item = {"item": ITEM, "status": "no_hit" if judge_yes else "hit", "points": 0,
                "occurrences": 0, "evidence": [],
                "detail": {"dimension": DIMENSION, "language": "en",
                           "verdict": "yes" if judge_yes else "no",
                           "judge": {"model": MODEL}}}
        await models.RuleResultRow.create(outcome=outcome, position=0, rule_type="scorecard",
                                          passed=True, score=1.0, detail={"items": [item]})
        entry_key = f"scorecard:0:{ITEM}"
        await models.ReviewItemRow.create(
            id=uuid.uuid4(), queue_id=uuid.uuid4(), position=position, stage="FIRST",
            kind="CASE", target=f"case:{key}#0", run_id=run.id, status="DONE",
            rubric={"caseKey": key, "attempt": 0, "entries": [
                {"key": entry_key, "ruleType": f"scorecard:{ITEM}", "judged": False,
                 "verdict": not judge_yes, "turnIndex": 0}]},
            final={"successLevel": "SUCCESS", "entries": {entry_key: {
                "verdict": human_fired, "quoteRight": None}}})


def queue_of(count: int, wrong: str | None) -> list[tuple[str, bool, bool]]:
    """good: yes, not fired; bad: no, fired; `wrong` (P): the judge says yes, it fired."""
    items = [("good", True, False)] * count + [("bad", False, True)] * count
    return items + ([(wrong, True, True)] * count if wrong else [])


async def test_a_reviewed_item_is_a_judgement_of_its_dimension(db: str) -> None:
    await reviewed_items([("P", True, True), ("good", True, False)])
    first, second = await scorecard_item_reviewed()
    assert (first.rule_type, first.language, first.judge_model) == ("qa_llm_dimension", "en",
                                                                    MODEL)
    assert first.rule_params == {"dimension": DIMENSION, "if_not_applicable": "pass"}
    assert (first.machine_passed, first.human_passed) == (True, False)  # fired: a "no"
    assert (second.machine_passed, second.human_passed) == (True, True)
    assert first.scorecard_item == ITEM and first.basis == "item"
    assert first.transcript[-1] == {"role": "assistant", "content": REPLIES["P"]}
    assert len(await reviewed("qa_llm_dimension", "en")) == 2
    assert await reviewed("qa_llm_dimension", "zh") == []


@pytest.mark.parametrize("wrong, adopted", [("P", True), ("Q", False)])
async def test_align_learns_from_reviewed_scorecard_items(db: str, wrong: str,
                                                          adopted: bool) -> None:
    await reviewed_items(queue_of(40, wrong))
    async with rules_judge() as (_, registry, cache):
        row = await align(AlignRequest("qa_llm_dimension", "en", seed=4), reviewed, registry,
                          cache)
    assert row.decision == ("ADOPTED" if adopted else "REJECTED"), row.reason
    assert row.measurement["before"]["kappa"] == pytest.approx(0.4)
    examples = row.candidate_examples
    assert examples and all((e["dimension"], e["verdict"], e["scorecardItem"]) == (
        DIMENSION, "no", ITEM) for e in examples)
