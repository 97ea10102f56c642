"""Judged rules over logged dialogs: the JUDGE model (a local scripted server) reads the
logged transcript; the run still sends nothing to any bot."""

from __future__ import annotations

import json
from typing import Any

from tests.api.offline_helpers import IMPORT, JUDGE, conversation, jsonl
from tests.api.static_helpers import outcomes, wait_for_run
from tests.support.fake_llm_server import FakeLLMServer, Step
from tests.support.graphql_client import GraphQLClient

SET_MODEL_CONFIG = """mutation($role: ModelRole!, $input: ModelConfigInput!) {
  setModelConfig(role: $role, input: $input) { role } }"""


def judge(body: Any) -> Step:
    # Polite when the logged reply booked the repair: the prompt holds the logged dialog.
    prompt = body["messages"][1]["content"]
    return json.dumps({"score": 9 if "Booked: RP" in prompt else 2, "rationale": "scripted"})


async def test_a_judged_rule_scores_the_logged_replies(gql: GraphQLClient) -> None:
    async with FakeLLMServer(chat=judge) as server:
        await gql.execute(SET_MODEL_CONFIG, {"role": "JUDGE", "input": {
            "provider": "openai", "baseUrl": server.url, "model": "judge-model",
            "params": {"backoff_s": 0.01, "timeout_s": 5}}})
        stored = (await gql.execute(IMPORT, {"document": jsonl(
            [conversation(1), conversation(2, booked=False)]), "format": "jsonl"})
                  )["importConversations"]
        rules = {"eval_rules": [{"type": "llm_score", "params": {
            "criteria": "books the repair politely", "min_score": 7}}]}
        run = (await gql.execute(JUDGE, {"setId": stored["id"], "rules": rules})
               )["judgeConversations"]
        assert (await wait_for_run(gql, run["id"]))["status"] == "COMPLETED"
        by_key = {o["caseKey"]: o for o in await outcomes(gql, run["id"])}
        assert by_key["c1"]["passed"] and not by_key["c2"]["passed"]
        assert len(server.requests_to("chat")) >= 2
