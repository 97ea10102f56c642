"""Sizes are settings: messages and cases are refused past the limit, replies are cut."""

from __future__ import annotations

import dataclasses

import pytest
from aiohttp import web

from agenteval.config import Settings
from tests.api.errors.conftest import row_counts
from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import local_server

pytestmark = pytest.mark.asyncio(loop_scope="module")

MESSAGE_LIMIT = 300
REPLY_LIMIT = 1000
CREATE_SCENARIO = "mutation($input: CreateScenarioInput!) { createScenario(input: $input) { id } }"
SEND = "mutation($s: ID!, $c: String!) { sendMessage(sessionId: $s, content: $c) { reply { content } } }"


@pytest.fixture(scope="module")
def module_settings(module_settings: Settings) -> Settings:
    return dataclasses.replace(module_settings, max_message_chars=MESSAGE_LIMIT,
                               max_reply_chars=REPLY_LIMIT, max_cases=3)


def scenario(*messages: str, cases: int = 1) -> dict[str, object]:
    return {"input": {"name": "s", "cases": [{"key": f"c{i}", "messages": list(messages)}
                                             for i in range(cases)]}}


async def test_a_case_message_over_the_limit_is_refused(client: GraphQLClient) -> None:
    before = await row_counts()
    error = await client.error(CREATE_SCENARIO, scenario("ok", "x" * (MESSAGE_LIMIT + 1)))
    assert error.code == "VALIDATION_FAILED"
    assert error.details == [{"path": "input.cases[0].messages[1]",
                              "message": f"is {MESSAGE_LIMIT + 1} characters long; "
                                         f"the limit is {MESSAGE_LIMIT}"}]
    assert await row_counts() == before


async def test_a_case_message_at_the_limit_is_kept(client: GraphQLClient) -> None:
    data = await client.execute(CREATE_SCENARIO, scenario("x" * MESSAGE_LIMIT))
    assert data["createScenario"]["id"]


async def test_too_many_cases_are_refused(client: GraphQLClient) -> None:
    error = await client.error(CREATE_SCENARIO, scenario("hi", cases=4))
    assert error.code == "VALIDATION_FAILED" and "at most 3" in error.message


async def test_a_session_message_over_the_limit_is_refused(client: GraphQLClient) -> None:
    error = await client.error(SEND, {"s": "00000000-0000-0000-0000-000000000000",
                                      "c": "x" * (MESSAGE_LIMIT + 1)})
    assert error.code == "VALIDATION_FAILED" and error.details[0]["path"] == "content"


async def test_a_huge_target_reply_is_cut_with_a_visible_marker(client: GraphQLClient) -> None:
    async def huge(request: web.Request) -> web.Response:
        return web.json_response({"answer": "y" * (REPLY_LIMIT * 20)})

    app = web.Application()
    app.router.add_post("/chat", huge)
    async with local_server(app) as base:
        target = await client.execute(
            "mutation($input: CreateTargetInput!) { createTarget(input: $input) { id } }",
            {"input": {"name": "huge", "channelType": "http",
                       "channelConfig": {"url": f"{base}/chat", "reply_path": "answer"}}})
        probe = await client.execute(
            "mutation($id: ID!) { probeTarget(id: $id) { ok reply } }",
            {"id": target["createTarget"]["id"]})
    reply = probe["probeTarget"]["reply"]
    assert probe["probeTarget"]["ok"] and reply.startswith("y" * REPLY_LIMIT)
    assert reply[REPLY_LIMIT:].startswith("\n[… truncated by AgentEval: the reply had 20,000")
