"""alignJudge, rollBackJudgeRevision, alignments and judgeRevisions over the real app."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agenteval.engine.alignment import background
from agenteval.store.models import WebhookDelivery
from tests.alignment.case_rows import p_cases, stored_run
from tests.alignment.pattern_judge import MODEL, pattern_answer
from tests.api.test_access import make_key
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graphql_client import GraphQLClient

SET_MODEL = """mutation($input: ModelConfigInput!) {
  setModelConfig(role: JUDGE, input: $input) { role } }"""
FIELDS = """id ruleType language judgeModel strategy seed decision reason reviewed corrections
    heldOutCount trainItemIds heldOutItemIds candidateExamples
    before { reviewed agreed agreement kappa kappaLow kappaHigh }
    after { reviewed agreed agreement kappa kappaLow kappaHigh }
    deltaKappa deltaKappaLow deltaKappaHigh baseRevision adoptedRevision createdBy finishedAt"""
ALIGN = """mutation($rule: String!, $language: String! = "en", $strategy: AlignmentStrategy! =
                     MOST_RECENT, $model: String) {
  alignJudge(ruleType: $rule, language: $language, strategy: $strategy, judgeModel: $model,
             seed: 5) { FIELDS } }""".replace("FIELDS", FIELDS)
ONE = """query($id: ID!) { alignment(id: $id) { FIELDS } }""".replace("FIELDS", FIELDS)


async def finished(client: GraphQLClient, started: dict[str, Any]) -> dict[str, Any]:
    """The attempt once its background work ended (it answered RUNNING)."""
    assert started["decision"] == "RUNNING" and started["finishedAt"] is None
    for _ in range(600):
        done: dict[str, Any] = (await client.execute(ONE, {"id": started["id"]}))["alignment"]
        if done["decision"] != "RUNNING":
            await background.wait_all()  # its lease released and its registry closed
            return done
        await asyncio.sleep(0.1)
    raise AssertionError("the alignment is still RUNNING after 60 s")
ROLL_BACK = """mutation($to: Int!) {
  rollBackJudgeRevision(ruleType: "llm_score", language: "en", judgeModel: "pattern-judge",
                        toRevision: $to) { number active } }"""
READ = """{ alignments { id decision heldOutCount }
  judgeRevisions(ruleType: "llm_score") { number label active examples alignmentId } }"""
REVIEW_CASE = """mutation($run: ID!, $key: String!) {
  reviewCaseOutcome(runId: $run, caseKey: $key, successLevel: FAILURE) { caseKey } }"""


async def test_align_adopts_a_revision_an_operator_can_roll_back(gql: GraphQLClient) -> None:
    await stored_run(p_cases(40, "P") + p_cases(40, "good") + p_cases(40, "bad"))
    async with FakeLLMServer(chat=pattern_answer) as llm:
        await gql.execute(SET_MODEL, {"input": {"provider": "openai", "baseUrl": llm.url,
                                                "model": MODEL}})
        viewer = await make_key(gql, "VIEWER")
        assert (await viewer.error(ALIGN, {"rule": "llm_score"})).code == "FORBIDDEN"
        operator = await make_key(gql, "OPERATOR")
        done = await finished(operator, (await operator.execute(
            ALIGN, {"rule": "llm_score", "strategy": "DIVERSE"}))["alignJudge"])
        bad = await operator.error(ALIGN, {"rule": "llm_score", "language": "fr",
                                           "model": "another"})
    assert bad.code == "VALIDATION_FAILED"
    assert {d["path"] for d in bad.details} == {"language", "judgeModel"}
    assert done["decision"] == "ADOPTED", done["reason"]
    assert (done["judgeModel"], done["strategy"], done["seed"]) == (MODEL, "DIVERSE", 5)
    assert done["heldOutCount"] == 60 and len(done["heldOutItemIds"]) == 60
    assert done["before"]["kappa"] == pytest.approx(0.4)
    assert done["after"]["kappa"] == pytest.approx(1.0)
    assert done["deltaKappaLow"] > 0 and done["adoptedRevision"] == 1
    assert done["createdBy"].startswith("operator")
    read = await viewer.execute(READ)
    assert read["alignments"] == [{"id": done["id"], "decision": "ADOPTED",
                                   "heldOutCount": 60}]
    [revision] = read["judgeRevisions"]
    assert revision["active"] and revision["alignmentId"] == done["id"]
    assert revision["label"].startswith("llm_score/en/r1:")
    assert (await viewer.error(ROLL_BACK, {"to": 0})).code == "FORBIDDEN"
    assert (await operator.execute(ROLL_BACK, {"to": 0}))["rollBackJudgeRevision"] is None
    assert not (await viewer.execute(READ))["judgeRevisions"][0]["active"]
    assert (await operator.error(ROLL_BACK, {"to": 7})).code == "NOT_FOUND"
    assert (await operator.execute(ROLL_BACK, {"to": 1}))["rollBackJudgeRevision"] == {
        "number": 1, "active": True}


async def test_too_few_held_out_reviews_is_a_recorded_refusal(gql: GraphQLClient) -> None:
    await stored_run(p_cases(20, "P") + p_cases(20, "good"))
    async with FakeLLMServer(chat=pattern_answer) as llm:
        await gql.execute(SET_MODEL, {"input": {"provider": "openai", "baseUrl": llm.url,
                                                "model": MODEL}})
        done = await finished(gql, (await gql.execute(ALIGN, {"rule": "llm_score"}))[
            "alignJudge"])
        assert llm.requests_to("chat") == []
    assert (done["decision"], done["heldOutCount"], done["before"]) == ("REFUSED", 20, None)
    assert done["reason"].startswith("only 20 held-out reviews for llm_score (en)")
    assert (await gql.execute(READ))["judgeRevisions"] == []


async def test_a_case_review_that_drops_agreement_alerts_once(gql: GraphQLClient) -> None:
    await gql.execute("""mutation { createWebhook(name: "qa", url: "http://127.0.0.1:9/h",
                                                  events: ["review.judge_drift"]) { id } }""")
    run = await stored_run(p_cases(12, "good"))  # reviewed SUCCESS: all agree
    for key in ("good-0", "good-1", "good-2"):
        await gql.execute(REVIEW_CASE, {"run": str(run.id), "key": key})
    # 3 of the last 10 disagree: 70 % < 80 %, but within the noise (interval 40–89 %).
    assert await WebhookDelivery.all().count() == 0
    for key in ("good-3", "good-4"):
        await gql.execute(REVIEW_CASE, {"run": str(run.id), "key": key})
    # 5 of 10 disagree: the whole interval (24–76 %) is below 80 %: alerted once.
    assert [d.event for d in await WebhookDelivery.all()] == ["review.judge_drift"]
    await gql.execute(REVIEW_CASE, {"run": str(run.id), "key": "good-5"})
    assert await WebhookDelivery.all().count() == 1
