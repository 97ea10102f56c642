"""Case-level reviews of cases with one JUDGE rule feed align: the source available today."""

from __future__ import annotations

import pytest

from agenteval.domain.judging.cases import CaseSpec, RuleSpec
from agenteval.engine.alignment.align import AlignRequest, align
from agenteval.engine.alignment.case_reviews import case_level_reviewed
from agenteval.store import models
from tests.alignment.case_rows import KEYWORD, LLM_SCORE, p_cases, stored_run
from tests.alignment.pattern_judge import MODEL, REPLIES, pattern_judge

INTENT = RuleSpec("intent_classification", {"expected_intent": "refund",
                                            "intent_taxonomy": {"refund": "wants money back"}})


def case(key: str, *rules: RuleSpec, message: str = "Order 1 never arrived") -> CaseSpec:
    return CaseSpec(key=key, messages=[message], eval_rules=list(rules))


async def test_only_attempts_decided_by_their_one_judge_rule_are_reviewed_judgements(db: str
                                                                                     ) -> None:
    run = await stored_run([
        (case("alone", LLM_SCORE), REPLIES["P"], [("llm_score", True, None)], "FAILURE"),
        (case("with-keyword", LLM_SCORE, KEYWORD), REPLIES["good"],
         [("llm_score", True, None), ("keyword_match", True, None)], "SUCCESS"),
        (case("two-judges", LLM_SCORE, INTENT), REPLIES["good"],
         [("llm_score", True, None), ("intent_classification", True, None)], "FAILURE"),
        (case("keyword-failed", LLM_SCORE, KEYWORD), REPLIES["good"],
         [("llm_score", True, None), ("keyword_match", False, None)], "FAILURE"),
        (case("judge-error", LLM_SCORE), REPLIES["good"],
         [("llm_score", False, "MODEL_ERROR: timeout")], "SUCCESS"),
        (case("chinese", LLM_SCORE, message="我的订单没到"), "已经退款",
         [("llm_score", False, None)], "SUCCESS"),
    ])
    key = await models.ApiKey.first()
    # A later review of the same attempt is the one that counts.
    await models.HumanReviewRow.create(run_id=run.id, target="case:alone#0", reviewer="r2",
                                       reviewer_key_id=key.id if key else run.id,
                                       success_level="PARTIAL", machine_label="SUCCESS")
    english = {i.item_id.rsplit(":", 1)[1]: i for i in await case_level_reviewed("llm_score",
                                                                                   "en")}
    assert sorted(english) == ["alone#0", "with-keyword#0"]
    alone = english["alone#0"]
    assert (alone.machine_passed, alone.human_passed, alone.judge_model) == (True, False, MODEL)
    assert alone.transcript[-1] == {"role": "assistant", "content": REPLIES["P"]}
    assert alone.rule_params["criteria"] == LLM_SCORE.params["criteria"]
    assert english["with-keyword#0"].human_passed and not english["with-keyword#0"].corrected
    chinese = await case_level_reviewed("llm_score", "zh")
    assert [(i.machine_passed, i.human_passed) for i in chinese] == [(False, True)]


async def test_align_learns_from_case_level_reviews(db: str) -> None:
    await stored_run(p_cases(40, "P") + p_cases(40, "good") + p_cases(40, "bad"))
    async with pattern_judge() as (_, registry, cache):
        row = await align(AlignRequest("llm_score", "en", seed=3), case_level_reviewed,
                          registry, cache)
    assert row.decision == "ADOPTED", row.reason
    assert row.measurement["before"]["kappa"] == pytest.approx(0.4)
    assert row.measurement["after"]["kappa"] == pytest.approx(1.0)
