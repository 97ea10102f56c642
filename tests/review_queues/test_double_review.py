"""Two reviewers and an arbitrator through the real app: the second review is blind, a
disagreement goes to a third person, and the report gives inter-reviewer κ per item type."""

from __future__ import annotations

from tests.review_queues import seed
from tests.review_queues.workbench import (
    ITEM,
    REPORT,
    answer,
    case_answer,
    claim,
    queue,
    reviewer,
)
from tests.support.graphql_client import GraphQLClient

# Vetoed (c1) and split judge samples (c2), every item reviewed twice.
SPEC = {"vetoed": True, "judgeSplit": True, "secondReviewShare": 1.0}


async def test_blind_second_review_and_arbitration(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run())
    first_id, first = await reviewer(gql, "ann")
    second_id, second = await reviewer(gql, "bo")
    queue_id = await queue(gql, run_id, SPEC, [first_id, second_id])

    mine = await claim(first, queue_id)
    assert [(i["target"], i["reasons"]) for i in mine] == [
        ("case:c1#0", ["vetoed"]), ("case:c2#0", ["judgeSplit"])]
    assert await claim(second, queue_id) == []  # both are locked by the first reviewer
    by_target = {i["target"]: i for i in mine}
    await answer(first, by_target["case:c1#0"]["id"], case_answer("FAILURE", False),
                 note="rude")
    await answer(first, by_target["case:c2#0"]["id"], case_answer("SUCCESS", True))
    assert await claim(first, queue_id) == []  # the second reviews are not for her

    blind = await claim(second, queue_id)
    assert [(i["stage"], i["target"]) for i in blind] == [
        ("SECOND", "case:c1#0"), ("SECOND", "case:c2#0")]
    for item in blind:  # blind: nothing of the first answer, on the item or its first stage
        assert item["answers"] == []
        shown = (await second.execute(ITEM, {"id": item["id"]}))["reviewItem"]
        assert shown["answers"] == [] and shown["transcript"][0]["content"] == "我要投诉"
    first_stage = (await second.execute(ITEM, {"id": by_target["case:c1#0"]["id"]}))
    assert first_stage["reviewItem"]["answers"] == []
    operator_view = (await gql.execute(ITEM, {"id": by_target["case:c2#0"]["id"]}))
    assert operator_view["reviewItem"]["answers"] == []  # undecided: blind for everyone

    blind_by_target = {i["target"]: i for i in blind}
    agreed = await answer(second, blind_by_target["case:c1#0"]["id"],
                          case_answer("FAILURE", False))
    assert agreed["status"] == "DONE"
    await answer(second, blind_by_target["case:c2#0"]["id"], case_answer("FAILURE", False))
    settled = (await gql.execute(ITEM, {"id": by_target["case:c1#0"]["id"]}))["reviewItem"]
    assert settled["finalSource"] == "REVIEW" and settled["final"]["successLevel"] == "FAILURE"
    assert [a["reviewer"].split(" ")[0] for a in settled["answers"]] == ["ann", "bo"]

    assert await claim(first, queue_id) == [] and await claim(second, queue_id) == []
    arbitration = await claim(gql, queue_id)  # the ADMIN key is the third person
    assert [(i["stage"], i["target"]) for i in arbitration] == [("ARBITRATION", "case:c2#0")]
    assert sorted(a["answer"]["successLevel"] for a in arbitration[0]["answers"]) == [
        "FAILURE", "SUCCESS"]  # the arbitrator sees both answers
    await answer(gql, arbitration[0]["id"], case_answer("PARTIAL", False))
    decided = (await gql.execute(ITEM, {"id": by_target["case:c2#0"]["id"]}))["reviewItem"]
    assert (decided["finalSource"], decided["final"]["successLevel"]) == (
        "ARBITRATION", "PARTIAL")

    report = (await gql.execute(REPORT, {"queue": queue_id}))["reviewQueueReport"]
    assert (report["items"], report["decided"], report["openByStage"]) == (2, 2, {})
    kinds = {k["kind"]: k["betweenReviewers"]["agreement"] for k in report["interReviewer"]}
    assert (kinds["CASE"]["reviewed"], kinds["CASE"]["agreed"]) == (2, 1)
    assert (kinds["RULE"]["reviewed"], kinds["RULE"]["agreed"]) == (2, 1)  # rule:0 of each
    reviewers = {r["reviewer"].split(" ")[0]: r for r in report["reviewers"]}
    assert (reviewers["ann"]["answered"], reviewers["bo"]["answered"]) == (2, 2)
    assert reviewers["ann"]["secondsMedian"] == 20.0
    rules = {r["ruleType"]: r for r in report["rules"]}
    judge = rules["llm_score"]["withMachine"]["agreement"]
    # final verdicts on rule:0: c1 machine False / human False, c2 machine True / human False
    assert (judge["reviewed"], judge["agreed"]) == (2, 1)
