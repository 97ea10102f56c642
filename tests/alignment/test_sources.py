"""Align and the drift alert read per-item reviews first, and case-level reviews only for
the attempts no queue item decided: a queue's final verdict (also written as a case-level
review) counts once."""

from __future__ import annotations

from agenteval.engine.alignment.sources import all_reviewed, reviewed
from tests.review_queues import seed
from tests.review_queues.workbench import answer, case_answer, claim, queue, reviewer
from tests.support.graphql_client import GraphQLClient

REVIEW_CASE = """mutation($run: ID!, $key: String!, $level: SuccessLevel!) {
  reviewCaseOutcome(runId: $run, caseKey: $key, successLevel: $level) { caseKey } }"""


async def test_per_item_reviews_first_and_each_attempt_once(gql: GraphQLClient) -> None:
    queued, elsewhere = str(await seed.finished_run(4)), str(await seed.finished_run(2))
    await gql.execute(REVIEW_CASE, {"run": queued, "key": "c0", "level": "FAILURE"})
    await gql.execute(REVIEW_CASE, {"run": elsewhere, "key": "c0", "level": "FAILURE"})
    assert len(await reviewed("llm_score", "zh")) == 2  # case level only, so far

    reviewer_id, client = await reviewer(gql, "ann")
    queue_id = await queue(gql, queued, {"share": 1.0}, [reviewer_id])
    for item, human in zip(await claim(client, queue_id), [True, False, False, False],
                           strict=True):
        await answer(client, item["id"], case_answer("SUCCESS", human))

    found = await reviewed("llm_score", "zh")
    per_item, case_level = found[:4], found[4:]
    assert [(j.machine_passed, j.human_passed) for j in per_item] == [
        (True, True), (False, False), (True, False), (False, False)]
    assert not any(j.item_id.startswith("run:") for j in per_item)
    assert {j.basis for j in per_item} == {"item"} and {j.basis for j in case_level} == {"case"}
    # c0 of the queued run was decided by its queue item: only the other run's review stays.
    assert [j.item_id for j in case_level] == [f"run:{elsewhere}:case:c0#0"]
    assert sorted(j.item_id for j in await all_reviewed()) == sorted(j.item_id for j in found)
