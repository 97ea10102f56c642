"""Bad input to the workbench: a contract error code, and nothing changed."""

from __future__ import annotations

import uuid

from agenteval.store.models import (
    ReviewAnswerRow,
    ReviewItemRow,
    ReviewPlanRow,
    ReviewQueueRow,
    Run,
)
from tests.review_queues import seed
from tests.review_queues.workbench import (
    ANSWER,
    CREATE_PLAN,
    CREATE_QUEUE,
    case_answer,
    claim,
    queue,
    reviewer,
)
from tests.support.graphql_client import GraphQLClient


async def test_bad_plans_and_queues_store_nothing(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(2))
    error = await gql.error(CREATE_PLAN, {"name": "p", "spec": {"share": 1.5, "kinds": []}})
    assert error.code == "VALIDATION_FAILED"
    assert sorted(d["path"] for d in error.details) == ["spec.kinds", "spec.share"]
    assert await ReviewPlanRow.all().count() == 0
    plan = (await gql.execute(CREATE_PLAN, {"name": "p", "spec": {"share": 1}}))[
        "createReviewPlan"]["id"]
    missing = await gql.error(CREATE_QUEUE, {"name": "q", "plan": str(uuid.uuid4()),
                                             "runs": [run_id]})
    assert missing.code == "NOT_FOUND"
    no_run = await gql.error(CREATE_QUEUE, {"name": "q", "plan": plan,
                                            "runs": [run_id, str(uuid.uuid4())]})
    assert no_run.code == "NOT_FOUND"
    viewer_id, _ = await reviewer(gql, "viewer", "VIEWER")
    bad_key = await gql.error(CREATE_QUEUE, {"name": "q", "plan": plan, "runs": [run_id],
                                             "reviewers": [str(uuid.uuid4()), viewer_id]})
    assert bad_key.code == "VALIDATION_FAILED"
    assert [d["path"] for d in bad_key.details] == ["reviewerKeyIds[0]", "reviewerKeyIds[1]"]
    await Run.filter(id=run_id).update(status="RUNNING")
    running = await gql.error(CREATE_QUEUE, {"name": "q", "plan": plan, "runs": [run_id]})
    assert running.code == "INVALID_TRANSITION"
    assert await ReviewQueueRow.all().count() == 0 and await ReviewItemRow.all().count() == 0


async def test_bad_answers_and_answers_without_a_claim_change_nothing(
        gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(2))
    first_id, first = await reviewer(gql, "ann")
    second_id, second = await reviewer(gql, "bo")
    queue_id = await queue(gql, run_id, {"share": 1.0}, [first_id, second_id])
    held = await claim(first, queue_id, 1)
    item_id = held[0]["id"]

    bad = await first.error(ANSWER, {"item": item_id, "answer": {
        "successLevel": "GREAT", "entries": {"rule:7": {"verdict": True}}}})
    assert bad.code == "VALIDATION_FAILED"
    assert sorted(d["path"] for d in bad.details) == ["answer.entries.rule:7",
                                                      "answer.successLevel"]
    not_mine = await second.error(ANSWER, {"item": item_id, "answer": case_answer("SUCCESS")})
    assert not_mine.code == "CONFLICT"
    unknown = await first.error(ANSWER, {"item": str(uuid.uuid4()),
                                         "answer": case_answer("SUCCESS")})
    assert unknown.code == "NOT_FOUND"
    assert await ReviewAnswerRow.all().count() == 0
    assert (await ReviewItemRow.get(id=item_id)).status == "OPEN"
    await first.execute(ANSWER, {"item": item_id, "answer": case_answer("SUCCESS")})
    twice = await first.error(ANSWER, {"item": item_id, "answer": case_answer("FAILURE")})
    assert twice.code == "CONFLICT" and await ReviewAnswerRow.all().count() == 1
    too_big = await first.error(
        "mutation($q: ID!) { claimReviewBatch(queueId: $q, size: 500) { id } }",
        {"q": queue_id})
    assert too_big.code == "VALIDATION_FAILED"


async def test_item_listing_arguments_are_checked(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(2))
    queue_id = await queue(gql, run_id, {"share": 1.0}, [])
    error = await gql.error("""query($q: ID!) { reviewItems(queueId: $q, stage: "LATER",
        status: "MAYBE", offset: -1, limit: 0) { id } }""", {"q": queue_id})
    assert error.code == "VALIDATION_FAILED"
    assert sorted(d["path"] for d in error.details) == ["limit", "offset", "stage", "status"]
    appeal_later = await gql.error(
        """mutation($i: ID!) { appealReviewVerdict(itemId: $i, reason: " ") { id } }""",
        {"i": str(uuid.uuid4())})
    assert appeal_later.code == "VALIDATION_FAILED"  # a blank reason, checked first
