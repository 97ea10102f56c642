"""κ per rule comes from per-item reviews where they exist (basis "item"), from case-level
reviews otherwise ("case"); the alignment work reads the per-item reviews as
ReviewedJudgements."""

from __future__ import annotations

from agenteval.engine.review_queues.corrections import reviewed_rule_judgements
from tests.review_queues import seed
from tests.review_queues.workbench import answer, case_answer, claim, queue, reviewer
from tests.support.graphql_client import GraphQLClient

AGREEMENT = """{ judgeAgreement { ruleType judgeModel basis kappaLow kappaHigh
  agreement { reviewed agreed kappa } } }"""
HISTORY = """query($id: ID!) { run(id: $id) {
  reviewHistory { target review { successLevel note } } } }"""
REVIEW_CASE = """mutation($run: ID!, $key: String!, $level: SuccessLevel!) {
  reviewCaseOutcome(runId: $run, caseKey: $key, successLevel: $level) { caseKey } }"""


async def test_kappa_per_rule_prefers_per_item_reviews(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(4))
    await gql.execute(REVIEW_CASE, {"run": run_id, "key": "c0", "level": "FAILURE"})
    before = (await gql.execute(AGREEMENT))["judgeAgreement"]
    assert [(a["ruleType"], a["basis"]) for a in before] == [("llm_score", "case")]

    reviewer_id, client = await reviewer(gql, "ann")
    queue_id = await queue(gql, run_id, {"share": 1.0}, [reviewer_id])
    # machine llm_score: c0 pass, c1 fail, c2 pass, c3 fail; the reviewer flips c2.
    for item, human in zip(await claim(client, queue_id), [True, False, False, False],
                           strict=True):
        await answer(client, item["id"], case_answer("SUCCESS", human), note=item["target"])
    after = (await gql.execute(AGREEMENT))["judgeAgreement"]
    assert [(a["ruleType"], a["judgeModel"], a["basis"]) for a in after] == [
        ("llm_score", seed.JUDGE_MODEL, "item")]
    assert (after[0]["agreement"]["reviewed"], after[0]["agreement"]["agreed"]) == (4, 3)
    assert after[0]["kappaLow"] is not None and after[0]["kappaLow"] <= after[0]["kappaHigh"]

    history = (await gql.execute(HISTORY, {"id": run_id}))["run"]["reviewHistory"]
    assert [(h["target"], h["review"]["successLevel"]) for h in history] == [
        ("case:c0#0", "FAILURE")] + [(f"case:c{i}#0", "SUCCESS") for i in range(4)]
    assert history[-1]["review"]["note"] == "review queue (review): case:c3#0"

    judged = await reviewed_rule_judgements("llm_score", "zh")
    assert [(j.machine_passed, j.human_passed) for j in judged] == [
        (True, True), (False, False), (True, False), (False, False)]
    third = judged[2]
    assert third.judge_model == seed.JUDGE_MODEL and third.rule_params == {
        "criterion": "apologises"}
    assert third.transcript == [{"role": "user", "content": "我要投诉"},
                                {"role": "assistant", "content": "抱歉给您带来不便"}]
    assert third.judged_turn == 0 and third.note == "case:c2#0" and third.language == "zh"
    assert await reviewed_rule_judgements("llm_score", "en") == []
    assert await reviewed_rule_judgements("scorecard", None) == []
