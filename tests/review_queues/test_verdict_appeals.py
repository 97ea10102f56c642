"""Appeals of any verdict (issue 39 item 3): an OPERATOR appeals one judged rule result of a
run no queue sampled, a human session verdict and a finding of an eval, an offline run's
attempt; the appeal goes to the run's or eval's appeals queue (or to the queue that already
holds the subject), a reviewer other than the verdict's giver and the appellant decides, the
trail is kept and the reports count appealed and overturned verdicts."""

from __future__ import annotations

import asyncio
from typing import Any

from agenteval.store.models import ReviewAppealRow, ReviewItemRow, ReviewQueueRow
from tests.review_queues import seed
from tests.review_queues.test_eval_and_offline_sources import _finished_eval
from tests.review_queues.workbench import REPORT, answer, claim, queue, reviewer
from tests.support.graphql_client import GraphQLClient

APPEAL = """mutation($s: AppealSubjectInput!, $reason: String!) {
  appealVerdict(subject: $s, reason: $reason) {
  id itemId queueId target entryKey verdictSource appealedVerdict status overturned } }"""
TRAIL = """query($run: ID, $eval: ID) { verdictAppeals(runId: $run, evalId: $eval) {
  target entryKey status overturned reason appealedBy decidedBy decidedAt final } }"""
ASSIGN_QUEUE = """mutation($q: ID!, $keys: [ID!]!) {
  assignReviewQueue(queueId: $q, reviewerKeyIds: $keys) { id } }"""
ASSIGN_BATCH = """mutation($q: ID!, $k: ID!, $n: Int!) {
  assignReviewBatch(queueId: $q, reviewerKeyId: $k, size: $n) { id stage } }"""
HISTORY = """query($run: ID!) { run(id: $run) { reviewHistory { target review { note } } } }"""


async def _counts() -> tuple[int, int, int]:
    return (await ReviewQueueRow.all().count(), await ReviewItemRow.all().count(),
            await ReviewAppealRow.all().count())


async def test_one_rule_result_of_an_unqueued_run_is_appealed_and_overturned(
        gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(2))
    _, owner = await reviewer(gql, "owner", "OPERATOR")
    ann_id, ann = await reviewer(gql, "ann")
    before = await _counts()
    subject = {"runId": run_id, "caseKey": "c1", "attempt": 0, "rulePosition": 0}
    for role in ("VIEWER", "AGENT", "REVIEWER"):
        _, client = await reviewer(gql, f"no-{role}", role)
        refused = await client.error(APPEAL, {"s": subject, "reason": "wrong"})
        assert refused.code == "FORBIDDEN", role
    bad = await owner.error(APPEAL, {"s": {"runId": run_id, "evalId": run_id}, "reason": " "})
    assert bad.code == "VALIDATION_FAILED"
    bad = await owner.error(APPEAL, {"s": {"runId": run_id, "sessionId": run_id,
                                           "rulePosition": -1}, "reason": "x"})
    assert sorted(d["path"] for d in bad.details) == [
        "subject.caseKey", "subject.rulePosition", "subject.sessionId"]
    scorecard = await owner.error(APPEAL, {"s": {**subject, "rulePosition": 1},
                                           "reason": "x"})  # a scorecard is no JUDGE rule
    assert (scorecard.code, scorecard.details[0]["path"]) == ("VALIDATION_FAILED",
                                                              "subject.rulePosition")
    blank = await owner.error(APPEAL, {"s": subject, "reason": "  "})
    assert (blank.code, blank.details[0]["path"]) == ("VALIDATION_FAILED", "reason")
    missing = await owner.error(APPEAL, {"s": {**subject, "caseKey": "c9"}, "reason": "x"})
    assert missing.code == "NOT_FOUND"
    no_run = await owner.error(APPEAL, {"s": {**subject, "runId": ann_id}, "reason": "x"})
    assert no_run.code == "NOT_FOUND"
    assert await _counts() == before  # nothing changes on refusal

    appeal = (await owner.execute(APPEAL, {"s": subject, "reason": "it did apologise"})
              )["appealVerdict"]
    assert (appeal["target"], appeal["entryKey"], appeal["verdictSource"]) == (
        "case:c1#0", "rule:0", "AUTOMATIC")
    assert appeal["appealedVerdict"]["entries"]["rule:0"]["verdict"] is False
    again = await owner.error(APPEAL, {"s": subject, "reason": "twice"})
    assert again.code == "CONFLICT"
    queues = (await gql.execute("{ reviewQueues { id appealsOf appealsOfName name } }")
              )["reviewQueues"]
    assert [q["appealsOf"] for q in queues] == [f"run:{run_id}"]
    # The run's campaign name on its own, for the UI to say "Appeals: c" in its language.
    assert [q["appealsOfName"] for q in queues] == ["c"]
    queue_id = appeal["queueId"]

    # The appellant may not decide it; a REVIEWER given the queue gets it by assignment.
    assert await claim(owner, queue_id) == []
    await gql.execute(ASSIGN_QUEUE, {"q": queue_id, "keys": [ann_id]})
    [item] = (await gql.execute(ASSIGN_BATCH, {"q": queue_id, "k": ann_id, "n": 5})
              )["assignReviewBatch"]
    assert item["stage"] == "APPEAL"
    # Progress per reviewer shows an assigned batch before any answer; keys listed by name.
    held = (await gql.execute(REPORT, {"queue": queue_id}))["reviewQueueReport"]["reviewers"]
    assert [(r["reviewer"].split(" ")[0], r["answered"], r["holding"]) for r in held] == [
        ("ann", 0, 1)]
    names = (await owner.execute("{ reviewerKeys { name role } }"))["reviewerKeys"]
    assert {("ann", "REVIEWER"), ("owner", "OPERATOR")} <= {(k["name"], k["role"])
                                                            for k in names}
    assert all(k["role"] in ("ADMIN", "OPERATOR", "REVIEWER") for k in names)
    unanswered = await ann.error(
        "mutation($i: ID!, $a: JSON!) { submitReviewAnswer(itemId: $i, answer: $a) { id } }",
        {"i": item["id"], "a": {"successLevel": "FAILURE"}})
    assert unanswered.details[0]["path"] == "answer.entries.rule:0"
    # The level stays FAILURE (not contested); the rule's verdict is overturned.
    await answer(ann, item["id"], {"successLevel": "FAILURE",
                                   "entries": {"rule:0": {"verdict": True,
                                                          "quoteRight": True}}}, note="it did")
    [trail] = (await gql.execute(TRAIL, {"run": run_id}))["verdictAppeals"]
    assert (trail["status"], trail["overturned"], trail["reason"]) == (
        "DECIDED", True, "it did apologise")
    assert trail["appealedBy"].startswith("owner (") and trail["decidedBy"].startswith("ann (")
    assert trail["final"]["entries"]["rule:0"]["verdict"] is True and trail["decidedAt"]
    report = (await gql.execute(REPORT, {"queue": queue_id}))["reviewQueueReport"]
    assert (report["items"], report["decided"], report["appealed"],
            report["overturnedByAppeal"]) == (1, 1, 1, 1)
    rules = {r["ruleType"]: r for r in report["rules"]}
    assert (rules["llm_score"]["appealed"], rules["llm_score"]["overturnedByAppeal"]) == (1, 1)
    assert "scorecard:rude" not in rules  # only the contested entry counts
    history = (await gql.execute(HISTORY, {"run": run_id}))["run"]["reviewHistory"]
    assert [(h["target"], h["review"]["note"]) for h in history] == [
        ("case:c1#0", "review queue (appeal): it did")]

    # A second appeal contests ann's human verdict: she may not decide it.
    second = (await owner.execute(APPEAL, {"s": {**subject, "rulePosition": None},
                                           "reason": "level too"}))["appealVerdict"]
    assert (second["verdictSource"], second["queueId"]) == ("HUMAN", queue_id)
    assert await claim(ann, queue_id) == []


async def test_a_queued_subject_is_appealed_in_its_queue(gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(2, offline=True))
    ann_id, _ = await reviewer(gql, "ann")
    queue_id = await queue(gql, run_id, {"share": 1.0}, [ann_id])
    appeal = (await gql.execute(APPEAL, {"s": {"runId": run_id, "caseKey": "c0"},
                                         "reason": "offline level"}))["appealVerdict"]
    assert (appeal["queueId"], appeal["target"], appeal["entryKey"]) == (
        queue_id, "case:c0#0", None)
    assert await ReviewQueueRow.filter(appeals_of__isnull=False).count() == 0


async def _session_ids(gql: GraphQLClient, eval_id: str) -> list[str]:
    data = await gql.execute("query($id: ID!) { intelligentEval(id: $id) { sessions { edges "
                             "{ node { id } } } } }", {"id": eval_id})
    return [e["node"]["id"] for e in data["intelligentEval"]["sessions"]["edges"]]


async def test_a_human_session_verdict_and_a_finding_of_an_eval(gql: GraphQLClient) -> None:
    eval_id = await _finished_eval(gql)
    session_id = (await _session_ids(gql, eval_id))[0]
    judge_id, judge = await reviewer(gql, "judge", "OPERATOR")
    _, owner = await reviewer(gql, "owner", "OPERATOR")
    _, other = await reviewer(gql, "other", "OPERATOR")
    await judge.execute("mutation($s: ID!) { reviewSession(sessionId: $s, goalAchieved: false) "
                        "{ id } }", {"s": session_id})
    bad = await owner.error(APPEAL, {"s": {"evalId": eval_id, "sessionId": session_id,
                                           "findingIndex": 0}, "reason": "x"})
    assert bad.details[0]["path"] == "subject.sessionId"
    missing = await owner.error(APPEAL, {"s": {"evalId": eval_id, "findingIndex": 7},
                                         "reason": "x"})
    assert missing.code == "NOT_FOUND"
    session: dict[str, Any] = (await owner.execute(APPEAL, {
        "s": {"evalId": eval_id, "sessionId": session_id}, "reason": "it was booked"})
                               )["appealVerdict"]
    assert (session["verdictSource"], session["appealedVerdict"]["goalAchieved"]) == (
        "HUMAN", False)
    finding = (await owner.execute(APPEAL, {"s": {"evalId": eval_id, "findingIndex": 0},
                                            "reason": "not a bug"}))["appealVerdict"]
    assert finding["verdictSource"] == "AUTOMATIC"
    assert finding["queueId"] == session["queueId"]  # one appeals queue per eval
    held = await claim(judge, session["queueId"])  # not the appeal of his own verdict
    assert [(i["kind"], i["stage"]) for i in held] == [("FINDING", "APPEAL")]
    await judge.execute("mutation($i: ID!) { releaseReviewItem(itemId: $i) { id } }",
                        {"i": held[0]["id"]})
    items = {i["kind"]: i for i in await claim(other, session["queueId"])}
    await answer(other, items["SESSION"]["id"], {"goalAchieved": True})
    await answer(other, items["FINDING"]["id"], {"findingValid": True})
    trail = {t["target"]: t for t in
             (await gql.execute(TRAIL, {"eval": eval_id}))["verdictAppeals"]}
    assert trail[f"session:{session_id}"]["overturned"] is True
    assert trail["finding:0"]["overturned"] is False
    report = (await gql.execute(REPORT, {"queue": session["queueId"]}))["reviewQueueReport"]
    assert (report["appealed"], report["overturnedByAppeal"]) == (2, 1)



async def test_two_first_appeals_of_one_subject_at_once_make_one_item(
        gql: GraphQLClient) -> None:
    run_id = str(await seed.finished_run(2))
    subject = {"runId": run_id, "caseKey": "c0"}
    bodies = await asyncio.gather(*(gql.raw(APPEAL, {"s": subject, "reason": f"r{i}"})
                                    for i in range(2)))
    codes = sorted((b.get("errors") or [{}])[0].get("extensions", {}).get("code", "OK")
                   for b in bodies)
    assert codes == ["CONFLICT", "OK"]  # the second finds the first's open appeal
    assert await ReviewItemRow.filter(stage="FIRST").count() == 1
    assert await ReviewAppealRow.all().count() == 1
