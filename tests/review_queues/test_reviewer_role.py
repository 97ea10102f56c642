"""KeyRole REVIEWER: reads the items of the queues it is given and records reviews, nothing else."""

from __future__ import annotations

from tests.review_queues import seed
from tests.review_queues.workbench import (
    CREATE_PLAN,
    ITEM,
    ITEMS,
    REPORT,
    answer,
    case_answer,
    claim,
    queue,
    reviewer,
)
from tests.support.graphql_client import GraphQLClient

QUEUES = "{ reviewQueues { id } }"
ME = "{ me { role } }"
RUNS = "{ runs { edges { node { id } } } }"


async def test_a_reviewer_reads_only_its_queues_and_records_reviews(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run())
    given_id, given = await reviewer(gql, "ann")
    _, other = await reviewer(gql, "eve")
    queue_id = await queue(gql, run_id, {"share": 1.0}, [given_id])
    await queue(gql, run_id, {"share": 1.0}, [])  # a queue nobody was given

    assert (await given.execute(ME))["me"]["role"] == "REVIEWER"
    assert [q["id"] for q in (await given.execute(QUEUES))["reviewQueues"]] == [queue_id]
    assert (await other.execute(QUEUES))["reviewQueues"] == []
    items = (await given.execute(ITEMS, {"queue": queue_id}))["reviewItems"]
    assert len(items) == 6
    held = await claim(given, queue_id, 2)
    done = await answer(given, held[0]["id"], case_answer("SUCCESS", True))
    assert done["status"] == "DONE" and done["answers"][0]["answer"]["successLevel"] == "SUCCESS"

    for client, document, variables in [
            (other, ITEMS, {"queue": queue_id}), (other, ITEM, {"id": items[0]["id"]}),
            (given, RUNS, None), (given, REPORT, {"queue": queue_id}),
            (given, CREATE_PLAN, {"name": "p", "spec": {"share": 1}})]:
        error = await client.error(document, variables)
        assert error.code == "FORBIDDEN", (document, error)
    forbidden = await other.error(
        "mutation($q: ID!) { claimReviewBatch(queueId: $q) { id } }", {"q": queue_id})
    assert forbidden.code == "FORBIDDEN"
    # Its claims were not touched by the refused calls.
    assert len(await claim(given, queue_id, 2)) == 2


async def test_viewers_and_agents_may_not_review(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run())
    queue_id = await queue(gql, run_id, {"share": 1.0}, [])
    for role in ("VIEWER", "AGENT"):
        _, client = await reviewer(gql, role.lower(), role)
        error = await client.error(
            "mutation($q: ID!) { claimReviewBatch(queueId: $q) { id } }", {"q": queue_id})
        assert error.code == "FORBIDDEN"


async def test_a_reviewer_reads_no_rest_download(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run())
    _, client = await reviewer(gql, "ann")
    assert client.key is not None
    response = await gql.http.get(f"/api/runs/{run_id}/report.md",
                                  headers={"X-API-Key": client.key})
    assert response.status_code == 403
