"""Appeals (申诉): an OPERATOR appeals a human and an automatic verdict; a reviewer other than
the first decides; the trail is kept and the report counts the overturned verdict."""

from __future__ import annotations

from tests.review_queues import seed
from tests.review_queues.workbench import (
    APPEAL,
    ITEM,
    REPORT,
    answer,
    case_answer,
    claim,
    queue,
    reviewer,
)
from tests.support.graphql_client import GraphQLClient

APPEALS = """query($q: ID!) { reviewAppeals(queueId: $q) {
  verdictSource reason appealedBy status overturned decidedBy decidedAt } }"""


async def test_an_appeal_overturns_a_human_verdict_and_keeps_the_trail(
        gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(2))
    first_id, first = await reviewer(gql, "ann")
    second_id, second = await reviewer(gql, "bo")
    owner_id, owner = await reviewer(gql, "owner", "OPERATOR")
    queue_id = await queue(gql, run_id, {"share": 1.0}, [first_id, second_id])

    [c0] = await claim(first, queue_id, 1)
    reviewed = await answer(first, c0["id"], case_answer("FAILURE", False), note="no apology")
    assert reviewed["final"]["successLevel"] == "FAILURE"  # machine said SUCCESS

    forbidden = await second.error(APPEAL, {"item": c0["id"], "reason": "it apologised"})
    assert forbidden.code == "FORBIDDEN"  # appeals are the bot owner's (OPERATOR)
    appeal = (await owner.execute(APPEAL, {"item": c0["id"], "reason": "it apologised"})
              )["appealReviewVerdict"]
    assert (appeal["verdictSource"], appeal["status"]) == ("HUMAN", "OPEN")
    assert appeal["appealedVerdict"]["successLevel"] == "FAILURE"
    again = await owner.error(APPEAL, {"item": c0["id"], "reason": "twice"})
    assert again.code == "CONFLICT"

    # The first reviewer may not decide it; the appellant neither; the second one does.
    taken = await claim(first, queue_id)
    assert all(i["stage"] == "FIRST" for i in taken)
    for item in taken:
        await first.execute("mutation($i: ID!) { releaseReviewItem(itemId: $i) { id } }",
                            {"i": item["id"]})
    assert [i["stage"] for i in await claim(owner, queue_id)] == ["FIRST"]
    appeal_items = [i for i in await claim(second, queue_id) if i["stage"] == "APPEAL"]
    assert appeal_items[0]["appeal"]["reason"] == "it apologised"
    assert [a["answer"]["successLevel"] for a in appeal_items[0]["answers"]] == ["FAILURE"]
    await answer(second, appeal_items[0]["id"], case_answer("SUCCESS", True), note="it did")

    item = (await gql.execute(ITEM, {"id": c0["id"]}))["reviewItem"]
    assert (item["finalSource"], item["final"]["successLevel"]) == ("APPEAL", "SUCCESS")
    assert item["appeal"]["overturned"] is True
    assert [(a["stage"], a["note"]) for a in item["answers"]] == [
        ("FIRST", "no apology"), ("APPEAL", "it did")]
    trail = (await gql.execute(APPEALS, {"q": queue_id}))["reviewAppeals"][0]
    assert trail["appealedBy"].startswith("owner (") and trail["decidedBy"].startswith("bo (")
    assert trail["decidedAt"] and trail["overturned"] is True

    report = (await gql.execute(REPORT, {"queue": queue_id}))["reviewQueueReport"]
    assert (report["appealed"], report["overturnedByAppeal"]) == (1, 1)
    assert "1 appealed, 1 overturned by appeal" in report["markdown"]
    assert "| llm_score | fake-judge-1 |" in report["markdown"]
    reviewers = {r["reviewer"].split(" ")[0]: r for r in report["reviewers"]}
    assert reviewers["ann"]["overturnedByAppeal"] == 1
    assert reviewers["bo"]["overturnedByAppeal"] == 0
    rules = {r["ruleType"]: r for r in report["rules"]}
    assert (rules["llm_score"]["appealed"], rules["llm_score"]["overturnedByAppeal"]) == (1, 1)


async def test_an_automatic_verdict_is_appealed_before_any_review(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(2))
    reviewer_id, client = await reviewer(gql, "ann")
    queue_id = await queue(gql, run_id, {"share": 1.0}, [reviewer_id])
    items = (await gql.execute("query($q: ID!) { reviewItems(queueId: $q) { id target } }",
                               {"q": queue_id}))["reviewItems"]
    appeal = (await gql.execute(APPEAL, {"item": items[1]["id"], "reason": "wrong level"})
              )["appealReviewVerdict"]
    assert appeal["verdictSource"] == "AUTOMATIC"
    assert appeal["appealedVerdict"]["successLevel"] == "FAILURE"
    held = await claim(client, queue_id)
    assert sorted(i["stage"] for i in held) == ["APPEAL", "FIRST"]  # c1's first is withdrawn
    decided = await answer(client, next(i for i in held if i["stage"] == "APPEAL")["id"],
                           case_answer("FAILURE"))
    assert decided["status"] == "DONE"
    first = (await gql.execute(ITEM, {"id": items[1]["id"]}))["reviewItem"]
    assert first["status"] == "APPEALED" and first["appeal"]["overturned"] is False
