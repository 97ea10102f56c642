"""GraphQL documents and steps shared by the review workbench's API tests."""

from __future__ import annotations

from typing import Any

from tests.support.graphql_client import GraphQLClient

CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { apiKey { id } secret } }"""
CREATE_PLAN = """mutation($name: String!, $spec: JSON!) {
  createReviewPlan(name: $name, spec: $spec) { id spec } }"""
CREATE_QUEUE = """mutation($name: String!, $plan: ID!, $runs: [ID!], $evals: [ID!],
                          $reviewers: [ID!]) {
  createReviewQueue(name: $name, planId: $plan, runIds: $runs, evalIds: $evals,
                    reviewerKeyIds: $reviewers) { id secondReviewShare reviewerKeyIds } }"""
ITEM_FIELDS = """id stage kind target status reasons rubric claimedByMe final finalSource
  answers { reviewer stage answer note } appeal { reason verdictSource overturned status }"""
CLAIM = f"""mutation($queue: ID!, $size: Int!) {{
  claimReviewBatch(queueId: $queue, size: $size) {{ {ITEM_FIELDS} }} }}"""
ANSWER = f"""mutation($item: ID!, $answer: JSON!, $note: String, $seconds: Float) {{
  submitReviewAnswer(itemId: $item, answer: $answer, note: $note, seconds: $seconds) {{
  {ITEM_FIELDS} }} }}"""
ITEM = f"""query($id: ID!) {{ reviewItem(id: $id) {{ {ITEM_FIELDS} transcript }} }}"""
ITEMS = f"""query($queue: ID!, $stage: String) {{
  reviewItems(queueId: $queue, stage: $stage) {{ {ITEM_FIELDS} }} }}"""
APPEAL = """mutation($item: ID!, $reason: String!) {
  appealReviewVerdict(itemId: $item, reason: $reason) {
  id verdictSource appealedVerdict reason appealedBy status } }"""
REPORT = """query($queue: ID!) { reviewQueueReport(queueId: $queue) {
  items decided openByStage appealed overturnedByAppeal markdown
  reviewers { reviewer answered holding secondsMedian overturnedByAppeal
              withMachine { agreement { reviewed agreed kappa } kappaLow kappaHigh } }
  rules { ruleType judgeModel reviewed appealed overturnedByAppeal
          withMachine { agreement { reviewed agreed kappa } kappaLow kappaHigh } }
  interReviewer { kind betweenReviewers { agreement { reviewed agreed kappa } } } } }"""


async def reviewer(gql: GraphQLClient, name: str, role: str = "REVIEWER"
                   ) -> tuple[str, GraphQLClient]:
    data = (await gql.execute(CREATE_KEY, {"name": name, "role": role}))["createApiKey"]
    return data["apiKey"]["id"], gql.with_key(data["secret"])


async def queue(gql: GraphQLClient, run_id: str, spec: dict[str, Any],
                reviewers: list[str]) -> str:
    plan = (await gql.execute(CREATE_PLAN, {"name": "daily", "spec": spec}))["createReviewPlan"]
    created = await gql.execute(CREATE_QUEUE, {"name": "q", "plan": plan["id"], "runs": [run_id],
                                               "reviewers": reviewers})
    return created["createReviewQueue"]["id"]


async def claim(client: GraphQLClient, queue_id: str, size: int = 10) -> list[dict[str, Any]]:
    return (await client.execute(CLAIM, {"queue": queue_id, "size": size}))["claimReviewBatch"]


def case_answer(level: str, judge_passed: bool | None = None) -> dict[str, Any]:
    entries = {} if judge_passed is None else {"rule:0": {"verdict": judge_passed,
                                                          "quoteRight": True}}
    return {"successLevel": level, "entries": entries}


async def answer(client: GraphQLClient, item_id: str, body: dict[str, Any],
                 note: str | None = None) -> dict[str, Any]:
    data = await client.execute(ANSWER, {"item": item_id, "answer": body, "note": note,
                                         "seconds": 20.0})
    return data["submitReviewAnswer"]
