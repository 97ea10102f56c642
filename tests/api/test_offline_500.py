"""A JSONL of 500 logged conversations imported and judged offline through the API (timed)."""

from __future__ import annotations

import time

from tests.api.offline_helpers import IMPORT, JUDGE, RULES, conversation, jsonl
from tests.api.static_helpers import wait_for_run
from tests.support.graphql_client import GraphQLClient


async def test_500_logged_conversations_are_judged_offline(gql: GraphQLClient) -> None:
    log = jsonl([conversation(i, booked=i % 10 != 0, turns=3) for i in range(500)])
    began = time.perf_counter()
    stored = (await gql.execute(IMPORT, {"document": log, "format": "jsonl"})
              )["importConversations"]
    imported = time.perf_counter()
    run = (await gql.execute(JUDGE, {"setId": stored["id"], "rules": RULES})
           )["judgeConversations"]
    finished = await wait_for_run(gql, run["id"], timeout=120)
    judged = time.perf_counter()
    print(f"\n500 conversations (1,500 turns): import {imported - began:.2f} s, "
          f"judge {judged - imported:.2f} s")
    assert (stored["dialogCount"], stored["turnCount"]) == (500, 1500)
    assert finished["status"] == "COMPLETED"
    assert (finished["progress"]["passed"], finished["progress"]["failed"]) == (450, 50)
    assert finished["summary"]["passRate"] == 0.9
    assert judged - began < 60  # measured ~1 s on SQLite (bench/offline_judge.py)
