"""A finished run written straight into the store: attempts judged by a JUDGE rule (llm_score)
and a scorecard, with turns, some vetoed or with split judge samples."""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleSpec
from agenteval.domain.static.scenario_document import case_to_document
from agenteval.store.models import (
    Campaign,
    CaseOutcome,
    RuleResultRow,
    Run,
    RunTurn,
    Scenario,
    Target,
)

JUDGE_MODEL = "fake-judge-1"


def _judge(passed: bool, split: bool) -> dict[str, Any]:
    samples = [{"passed": passed}, {"passed": not passed}] if split else [{"passed": passed}]
    return {"rationale": "the reply apologises" if passed else "no apology",
            "language": "zh", "turn_index": 0,
            "evidence": [{"turn_index": 0, "quote": "抱歉"}],
            "judge": {"model": JUDGE_MODEL, "samples": samples}}


async def finished_run(cases: int = 6, *, offline: bool = False) -> uuid.UUID:
    """Case i: llm_score passes on even i; case 1 is vetoed by its scorecard, case 2's judge
    samples split; tags 'vip' on the first two."""
    target = await Target.create(id=uuid.uuid4(), name="bot", channel_type="demo")
    # The documents a run's snapshot really holds (what the static engine stores).
    specs = [case_to_document(CaseSpec(
        key=f"c{i}", messages=["我要投诉"], tags=["vip"] if i < 2 else [],
        eval_rules=[RuleSpec("llm_score", {"criterion": "apologises"})])) for i in range(cases)]
    scenario = await Scenario.create(id=uuid.uuid4(), name="s", cases=specs)
    campaign = await Campaign.create(id=uuid.uuid4(), name="c", scenario=scenario)
    run = await Run.create(id=uuid.uuid4(), campaign=campaign, target=target, status="COMPLETED",
                           cases=specs, total=cases, done=cases, offline=offline)
    for i in range(cases):
        passed = i % 2 == 0
        outcome = await CaseOutcome.create(
            id=uuid.uuid4(), run=run, position=i, case_key=f"c{i}", attempt=0, passed=passed,
            success_level="SUCCESS" if passed else "FAILURE", score=1.0 if passed else 0.0)
        await RunTurn.create(outcome=outcome, index=0, sent_message="我要投诉",
                             reply="抱歉给您带来不便" if passed else "请说")
        await RuleResultRow.create(outcome=outcome, position=0, rule_type="llm_score",
                                   passed=passed, score=1.0 if passed else 0.0,
                                   detail=_judge(passed, split=i == 2))
        await RuleResultRow.create(outcome=outcome, position=1, rule_type="scorecard",
                                   passed=i != 1, score=1.0, detail={
                                       "vetoed": i == 1, "items": [
                                           {"item": "rude", "status": "hit" if i == 1
                                            else "no_hit", "evidence": []}]})
    return run.id
