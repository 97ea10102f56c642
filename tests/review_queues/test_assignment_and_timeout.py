"""An OPERATOR gives a queue to reviewers and hands out batches; a claim lapses after
AGENTEVAL_REVIEW_CLAIM_TIMEOUT_S (here half a second) and the item goes to someone else."""

from __future__ import annotations

import asyncio

import pytest

from agenteval.config import Settings
from tests.review_queues import seed
from tests.review_queues.workbench import answer, case_answer, claim, queue, reviewer
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

ASSIGN_QUEUE = """mutation($q: ID!, $keys: [ID!]!) {
  assignReviewQueue(queueId: $q, reviewerKeyIds: $keys) { reviewerKeyIds } }"""
ASSIGN_BATCH = """mutation($q: ID!, $key: ID!, $size: Int!) {
  assignReviewBatch(queueId: $q, reviewerKeyId: $key, size: $size) { id claimedByMe } }"""
MINE = """query($q: ID!) { reviewItems(queueId: $q, mine: true) { id claimedByMe } }"""
CONFLICT_ANSWER = """mutation($i: ID!) {
  submitReviewAnswer(itemId: $i, answer: {successLevel: "SUCCESS"}) { id } }"""


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none", demo=False,
                    review_claim_timeout_s=0.5)


async def test_an_operator_assigns_and_a_lapsed_claim_moves_on(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(4))
    ann_id, ann = await reviewer(gql, "ann")
    bo_id, bo = await reviewer(gql, "bo")
    viewer_id, _ = await reviewer(gql, "vi", "VIEWER")
    queue_id = await queue(gql, run_id, {"share": 1.0}, [ann_id])
    refused = await gql.error(ASSIGN_BATCH, {"q": queue_id, "key": bo_id, "size": 2})
    assert refused.code == "VALIDATION_FAILED"  # not given the queue yet
    forbidden = await bo.error(MINE, {"q": queue_id})
    assert forbidden.code == "FORBIDDEN"
    given = await gql.execute(ASSIGN_QUEUE, {"q": queue_id, "keys": [ann_id, bo_id]})
    assert given["assignReviewQueue"]["reviewerKeyIds"] == [ann_id, bo_id]
    viewer = await gql.error(ASSIGN_BATCH, {"q": queue_id, "key": viewer_id, "size": 2})
    assert viewer.code == "VALIDATION_FAILED"

    handed = (await gql.execute(ASSIGN_BATCH, {"q": queue_id, "key": bo_id, "size": 2})
              )["assignReviewBatch"]
    assert len(handed) == 2 and not any(i["claimedByMe"] for i in handed)  # the caller's view
    mine = (await bo.execute(MINE, {"q": queue_id}))["reviewItems"]
    assert [i["id"] for i in mine] == [i["id"] for i in handed]
    assert all(i["claimedByMe"] for i in mine)
    others = await claim(ann, queue_id)
    assert {i["id"] for i in others}.isdisjoint(i["id"] for i in handed) and len(others) == 2

    await asyncio.sleep(0.7)  # every claim lapses
    assert (await bo.execute(MINE, {"q": queue_id}))["reviewItems"] == []
    taken = await claim(ann, queue_id)
    assert len(taken) == 4
    late = await bo.error(CONFLICT_ANSWER, {"i": handed[0]["id"]})
    assert late.code == "CONFLICT"  # bo's lapsed claim was taken over
    await answer(ann, handed[0]["id"], case_answer("SUCCESS"))
