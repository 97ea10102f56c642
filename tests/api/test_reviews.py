"""Human review (人工复核) through the real ASGI app: roles, history, agreement, transitions."""

from __future__ import annotations

import pytest

from tests.api import intelligent_support as intelligent
from tests.api.static_helpers import create_target, make_key, run_scenario, wait_for_run
from tests.api.test_intelligent_lifecycle import report
from tests.support.graphql_client import GraphQLClient

REVIEW_CASE = """mutation($run: ID!, $key: String!, $attempt: Int! = 0, $level: SuccessLevel!,
                          $note: String) {
  reviewCaseOutcome(runId: $run, caseKey: $key, attempt: $attempt, successLevel: $level,
                    note: $note) {
    caseKey attempt successLevel review { reviewer successLevel note reviewedAt } } }"""
REVIEW_FINDING = """mutation($eval: ID!, $index: Int!, $decision: ReviewDecision!) {
  reviewFinding(evalId: $eval, findingIndex: $index, decision: $decision) {
    index issue review { decision reviewer } } }"""
REVIEW_SESSION = """mutation($id: ID!, $achieved: Boolean!, $note: String) {
  reviewSession(sessionId: $id, goalAchieved: $achieved, note: $note) {
    id verdict { goalAchieved } review { goalAchieved note } } }"""
RUN_REVIEWS = """query($id: ID!) { run(id: $id) {
  summary { humanAgreement { reviewed agreed agreement kappa } }
  reviewHistory { target review { successLevel note } }
  outcomes { edges { node { caseKey review { successLevel } } } }
  reportMarkdown } }"""
EVAL_REVIEWS = """query($id: ID!) { intelligentEval(id: $id) {
  findingsConfirmed findingsRejected
  verdictAgreement { reviewed agreed agreement kappa }
  reviewHistory { target review { decision goalAchieved } }
  report { findings { index review { decision } } }
  reportMarkdown } }"""
SET_MODEL = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""
JUDGE_AGREEMENT = """{ judgeAgreement { ruleType judgeModel
  agreement { reviewed agreed agreement kappa } } }"""

# The demo bot books repairs ("预约成功") but never apologises.
CASES = [{"id": "booking", "messages": ["我家空调坏了，想预约维修", "我叫张三", "电话是 13800138000",
                                         "地址是朝阳区建国路 88 号"],
          "expectation": {"contains": "预约成功"}},
         {"id": "apology", "messages": ["我要投诉"], "expectation": {"contains": "抱歉"}},
         {"id": "apology-2", "messages": ["太差了"], "expectation": {"contains": "抱歉"}}]


async def finished_run(gql: GraphQLClient) -> str:
    _, run_id = await run_scenario(gql, await create_target(gql), CASES)
    await wait_for_run(gql, run_id)
    return run_id


async def test_reviewing_case_outcomes_changes_the_latest_and_keeps_the_history(
        gql: GraphQLClient) -> None:
    run_id = await finished_run(gql)
    operator = await make_key(gql, "OPERATOR")
    first = (await operator.execute(REVIEW_CASE, {"run": run_id, "key": "apology",
                                                  "level": "SUCCESS", "note": "typo"}))
    outcome = first["reviewCaseOutcome"]
    assert outcome["successLevel"] == "FAILURE"  # the automatic level stays
    assert outcome["review"]["successLevel"] == "SUCCESS" and outcome["review"]["note"] == "typo"
    assert outcome["review"]["reviewer"].startswith("operator key (")
    await operator.execute(REVIEW_CASE, {"run": run_id, "key": "apology", "level": "FAILURE"})
    await gql.execute(REVIEW_CASE, {"run": run_id, "key": "booking", "level": "SUCCESS"})
    await gql.execute(REVIEW_CASE, {"run": run_id, "key": "apology-2", "level": "PARTIAL"})

    run = (await gql.execute(RUN_REVIEWS, {"id": run_id}))["run"]
    assert [(r["target"], r["review"]["successLevel"]) for r in run["reviewHistory"]] == [
        ("case:apology#0", "SUCCESS"), ("case:apology#0", "FAILURE"),
        ("case:booking#0", "SUCCESS"), ("case:apology-2#0", "PARTIAL")]
    reviewed = {e["node"]["caseKey"]: e["node"]["review"] for e in run["outcomes"]["edges"]}
    assert reviewed["apology"] == {"successLevel": "FAILURE"}  # the latest counts
    # machine vs human: (F, F), (S, S), (F, P): 2 of 3 agree; p_o = 2/3,
    # p_e = (2/3·1/3 + 1/3·1/3) = 1/3, κ = (2/3 − 1/3) / (2/3) = 0.5
    agreement = run["summary"]["humanAgreement"]
    assert (agreement["reviewed"], agreement["agreed"]) == (3, 2)
    assert agreement["agreement"] == pytest.approx(2 / 3)
    assert agreement["kappa"] == pytest.approx(0.5)
    markdown = run["reportMarkdown"]
    assert "## Human review" in markdown
    assert "2 of 3 reviewed agree (66.7%, κ = 0.50)" in markdown
    assert "| apology-2 | 0 | FAILURE | PARTIAL |" in markdown


async def test_viewers_and_agents_may_not_review(gql: GraphQLClient) -> None:
    run_id = await finished_run(gql)
    for role in ("VIEWER", "AGENT"):
        client = await make_key(gql, role)
        error = await client.error(REVIEW_CASE, {"run": run_id, "key": "booking",
                                                 "level": "FAILURE"})
        assert error.code == "FORBIDDEN"


async def test_unknown_attempts_are_not_found(gql: GraphQLClient) -> None:
    run_id = await finished_run(gql)
    error = await gql.error(REVIEW_CASE, {"run": run_id, "key": "booking", "attempt": 3,
                                          "level": "FAILURE"})
    assert error.code == "NOT_FOUND"


async def test_findings_and_sessions_of_a_finished_eval(gql: GraphQLClient) -> None:
    target = await intelligent.create_target(gql)
    created = await intelligent.executing_eval(gql, target, sessions=2)
    eval_id = created["id"]
    sessions = [await intelligent.start_session(gql, eval_id, key) for key in ("a", "b")]
    for session_id in sessions:
        await gql.execute(intelligent.SEND, {"id": session_id, "content": "我家空调坏了"})
        await gql.execute(intelligent.CLOSE, {"id": session_id,
                                              "verdict": intelligent.VERDICT})
    # Not finished yet: reviewing is an invalid transition.
    error = await gql.error(REVIEW_SESSION, {"id": sessions[0], "achieved": False})
    assert error.code == "INVALID_TRANSITION"
    assert error.details == {"status": "EXECUTING",
                             "allowed": ["CANCELLED", "COMPLETED", "FAILED"]}
    await gql.execute(intelligent.SUBMIT_REPORT, {"id": eval_id,
                                                  "report": report(sessions[0], "空调")})

    confirmed = await gql.execute(REVIEW_FINDING, {"eval": eval_id, "index": 0,
                                                   "decision": "CONFIRMED"})
    assert confirmed["reviewFinding"]["index"] == 0
    assert confirmed["reviewFinding"]["review"]["decision"] == "CONFIRMED"
    await gql.execute(REVIEW_FINDING, {"eval": eval_id, "index": 1, "decision": "REJECTED"})
    error = await gql.error(REVIEW_FINDING, {"eval": eval_id, "index": 2,
                                             "decision": "REJECTED"})
    assert error.code == "VALIDATION_FAILED"
    reviewed = await gql.execute(REVIEW_SESSION, {"id": sessions[0], "achieved": False,
                                                  "note": "never booked"})
    assert reviewed["reviewSession"]["review"] == {"goalAchieved": False,
                                                   "note": "never booked"}
    await gql.execute(REVIEW_SESSION, {"id": sessions[1], "achieved": True})

    found = (await gql.execute(EVAL_REVIEWS, {"id": eval_id}))["intelligentEval"]
    assert (found["findingsConfirmed"], found["findingsRejected"]) == (1, 1)
    # the evaluator said true twice; humans said false, true: 1 of 2, κ = 0 (p_e = 1/2)
    assert found["verdictAgreement"] == {"reviewed": 2, "agreed": 1, "agreement": 0.5,
                                         "kappa": 0.0}
    assert [f["review"]["decision"] for f in found["report"]["findings"]] == [
        "CONFIRMED", "REJECTED"]
    assert [r["target"] for r in found["reviewHistory"]] == [
        "finding:0", "finding:1", f"session:{sessions[0]}", f"session:{sessions[1]}"]
    markdown = found["reportMarkdown"]
    assert "~~minor~~" in markdown
    assert "] ~~minor~~ (rejected in human review)" in markdown  # in the findings themselves
    assert "] asks twice (confirmed in human review)" in markdown
    assert "1 of 2 reviewed agree (50.0%, κ = 0.00)" in markdown


async def test_agreement_per_judge_rule_and_model_across_runs(gql: GraphQLClient) -> None:
    from tests.support.fake_llm_server import FakeLLMServer

    async with FakeLLMServer(chat=lambda body: '{"score": 9, "rationale": "polite"}') as llm:
        await gql.execute(SET_MODEL, {"role": "JUDGE", "input": {
            "provider": "openai", "baseUrl": llm.url, "model": "judge-a"}})
        judged = [{**case, "eval_rules": [{"type": "llm_score",
                                           "params": {"criteria": "polite", "min_score": 7}}]}
                  for case in CASES[:2]]
        target = await create_target(gql)
        runs = [(await run_scenario(gql, target, judged))[1] for _ in range(2)]
        for run_id in runs:
            await wait_for_run(gql, run_id)
    # booking passes (SUCCESS), apology fails its expectation (FAILURE) in both runs.
    await gql.execute(REVIEW_CASE, {"run": runs[0], "key": "booking", "level": "SUCCESS"})
    await gql.execute(REVIEW_CASE, {"run": runs[0], "key": "apology", "level": "FAILURE"})
    await gql.execute(REVIEW_CASE, {"run": runs[1], "key": "booking", "level": "FAILURE"})
    rows = (await gql.execute(JUDGE_AGREEMENT))["judgeAgreement"]
    # pairs (S, S), (F, F), (S, F): 2 of 3; p_o = 2/3, p_e = 2/3·1/3 + 1/3·2/3 = 4/9,
    # κ = (2/3 − 4/9) / (5/9) = 0.4
    assert [(r["ruleType"], r["judgeModel"]) for r in rows] == [("llm_score", "judge-a")]
    agreement = rows[0]["agreement"]
    assert (agreement["reviewed"], agreement["agreed"]) == (3, 2)
    assert agreement["kappa"] == pytest.approx(0.4)


async def test_judge_agreement_is_null_free_and_empty_without_judge_reviews(
        gql: GraphQLClient) -> None:
    run_id = await finished_run(gql)
    await gql.execute(REVIEW_CASE, {"run": run_id, "key": "booking", "level": "SUCCESS"})
    # The scenario has no JUDGE rule: nothing to report per judge.
    assert (await gql.execute(JUDGE_AGREEMENT))["judgeAgreement"] == []
