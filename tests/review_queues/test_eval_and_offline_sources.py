"""Sessions and findings of a finished intelligent eval, and an offline run's attempts, as
review items: a session's goal and a finding's validity are answered, and inter-reviewer
agreement is reported for each item type."""

from __future__ import annotations

from tests.api import intelligent_support as intelligent
from tests.api.test_intelligent_lifecycle import report
from tests.review_queues import seed
from tests.review_queues.workbench import (
    CREATE_PLAN,
    REPORT,
    answer,
    claim,
    reviewer,
)
from tests.support.graphql_client import GraphQLClient

CREATE_QUEUE = """mutation($plan: ID!, $evals: [ID!], $runs: [ID!]) {
  createReviewQueue(name: "q", planId: $plan, evalIds: $evals, runIds: $runs) { id } }"""


async def _finished_eval(gql: GraphQLClient) -> str:
    target = await intelligent.create_target(gql)
    eval_id = (await intelligent.executing_eval(gql, target, sessions=2))["id"]
    sessions = [await intelligent.start_session(gql, eval_id, key) for key in ("a", "b")]
    for session_id in sessions:
        await gql.execute(intelligent.SEND, {"id": session_id, "content": "我家空调坏了"})
        await gql.execute(intelligent.CLOSE, {"id": session_id, "verdict": intelligent.VERDICT})
    await gql.execute(intelligent.SUBMIT_REPORT, {"id": eval_id,
                                                  "report": report(sessions[0], "空调")})
    return eval_id


async def test_sessions_findings_and_offline_attempts_are_reviewed_twice(
        gql: GraphQLClient) -> None:
    eval_id = await _finished_eval(gql)
    offline_run = str(await seed.finished_run(2, offline=True))
    plan = (await gql.execute(CREATE_PLAN, {"name": "all", "spec": {
        "share": 1.0, "secondReviewShare": 1.0}}))["createReviewPlan"]["id"]
    queue_id = (await gql.execute(CREATE_QUEUE, {"plan": plan, "evals": [eval_id],
                                                 "runs": [offline_run]}))["createReviewQueue"]["id"]
    _, first = await reviewer(gql, "ann", "OPERATOR")
    _, second = await reviewer(gql, "bo", "OPERATOR")
    items = await claim(first, queue_id, 20)
    assert sorted(i["kind"] for i in items) == ["CASE", "CASE", "FINDING", "FINDING",
                                                "SESSION", "SESSION"]
    assert all(i["rubric"]["offline"] for i in items if i["kind"] == "CASE")
    answers = {"CASE": {"successLevel": "SUCCESS"}, "SESSION": {"goalAchieved": True},
               "FINDING": {"findingValid": True}}
    for item in items:
        await answer(first, item["id"], answers[item["kind"]])
    flipped = {"CASE": {"successLevel": "SUCCESS"}, "SESSION": {"goalAchieved": False},
               "FINDING": {"findingValid": True}}
    for item in await claim(second, queue_id, 20):
        assert item["stage"] == "SECOND"
        await answer(second, item["id"], flipped[item["kind"]])
    figures = (await gql.execute(REPORT, {"queue": queue_id}))["reviewQueueReport"]
    kinds = {k["kind"]: k["betweenReviewers"]["agreement"] for k in figures["interReviewer"]}
    assert {kind: (a["reviewed"], a["agreed"]) for kind, a in kinds.items()} == {
        "CASE": (2, 2), "FINDING": (2, 2), "SESSION": (2, 0)}
    assert figures["openByStage"] == {"ARBITRATION": 2} and figures["decided"] == 4
