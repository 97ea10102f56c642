"""Runs with reviewed case attempts stored as a real run stores them, for the case-level source."""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleSpec
from agenteval.domain.static.scenario_document import case_to_document
from agenteval.store import models
from tests.alignment.pattern_judge import CRITERIA, MODEL, REPLIES

LLM_SCORE = RuleSpec("llm_score", {"criteria": CRITERIA})
KEYWORD = RuleSpec("keyword_match", {"keywords": ["order"]})


async def stored_run(cases: list[tuple[CaseSpec, str, list[tuple[str, bool, str | None]], str]]
                     ) -> models.Run:
    """cases: (spec, reply, [(rule type, passed, error)], reviewer's level)."""
    target = await models.Target.create(name=f"t-{uuid.uuid4()}", channel_type="demo",
                                        channel_config={})
    scenario = await models.Scenario.create(name=f"s-{uuid.uuid4()}", cases=[])
    campaign = await models.Campaign.create(name=f"c-{uuid.uuid4()}", scenario=scenario)
    run = await models.Run.create(campaign=campaign, target=target, status="COMPLETED",
                                  cases=[case_to_document(spec) for spec, *_ in cases])
    key = await models.ApiKey.first()
    for position, (spec, reply, results, level) in enumerate(cases):
        passed = all(p for _, p, _ in results)
        outcome = await models.CaseOutcome.create(
            id=uuid.uuid4(), run=run, position=position, case_key=spec.key, attempt=0,
            passed=passed, success_level="SUCCESS" if passed else "FAILURE", score=1.0)
        await models.RunTurn.create(outcome=outcome, index=0, sent_message=spec.messages[0],
                                    reply=reply, latency_ms=5)
        for index, (rule_type, ok, error) in enumerate(results):
            detail: dict[str, Any] = {"judge": {"model": MODEL}} if rule_type == "llm_score" else {}
            await models.RuleResultRow.create(outcome=outcome, position=index,
                                              rule_type=rule_type, passed=ok, score=float(ok),
                                              detail=detail, error=error)
        await models.HumanReviewRow.create(
            run_id=run.id, target=f"case:{spec.key}#0", reviewer="reviewer",
            reviewer_key_id=key.id if key else uuid.uuid4(), success_level=level,
            machine_label=outcome.success_level, note="checked by hand")
    return run


def p_cases(count: int, kind: str = "P") -> list[tuple[CaseSpec, str, list[tuple[str, bool,
                                                                               str | None]],
                                                       str]]:
    """`count` cases of `kind` with the llm_score rule only, reviewed as P is (FAILURE for P,
    as judged otherwise)."""
    judged = {"P": True, "good": True, "bad": False}[kind]
    level = {"P": "FAILURE", "good": "SUCCESS", "bad": "FAILURE"}[kind]
    return [(CaseSpec(key=f"{kind}-{i}", messages=[f"Order {i} never arrived, help?"],
                      eval_rules=[LLM_SCORE]),
             REPLIES[kind], [("llm_score", judged, None)], level) for i in range(count)]
