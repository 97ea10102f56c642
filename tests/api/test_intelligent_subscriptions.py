"""Subscriptions: replay from a cursor, then live, gap-free; RATE_LIMITED for slow subscribers."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.testclient import TestClient

from agenteval.api.context import Context
from agenteval.api.schema import build_schema
from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.intelligent_support import (
    APPROVE,
    HEARTBEAT,
    SEND,
    SUBMIT_PLAN,
    create_eval,
    create_target,
    executing_eval,
    plan,
    start_session,
)
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

EVENTS_SUB = """subscription($id: ID!, $after: Int) {
  intelligentEvalEvents(evalId: $id, afterSequence: $after) { sequence type status } }"""
SCHEMA = build_schema()
MESSAGES_SUB = """subscription($id: ID!, $after: Int) {
  sessionMessages(sessionId: $id, afterIndex: $after) { index role content } }"""


async def subscribe(app: Any, query: str, variables: dict[str, Any],
                    key: str | None = ADMIN_KEY) -> Any:
    services = app.state.services
    context = Context(services=services, secret=key)
    return await SCHEMA.subscribe(query, variable_values=variables,
                                            context_value=context)


async def next_data(stream: Any, field: str) -> Any:
    result = await asyncio.wait_for(stream.__anext__(), 5)
    assert not result.errors, result.errors
    return result.data[field]


async def test_events_replay_then_go_live_without_gaps(gql: GraphQLClient, app: Any) -> None:
    created = await create_eval(gql, await create_target(gql))
    await gql.execute(SUBMIT_PLAN, {"id": created["id"], "plan": plan()})
    stream = await subscribe(app, EVENTS_SUB, {"id": created["id"], "after": 0})
    try:
        seen = [await next_data(stream, "intelligentEvalEvents") for _ in range(2)]
        await gql.execute(APPROVE, {"id": created["id"]})
        seen.append(await next_data(stream, "intelligentEvalEvents"))
        await gql.execute(HEARTBEAT, {"id": created["id"]})
        seen.append(await next_data(stream, "intelligentEvalEvents"))
    finally:
        await stream.aclose()
    assert [e["sequence"] for e in seen] == [1, 2, 3, 4]
    assert [e["type"] for e in seen] == ["CREATED", "PLAN_SUBMITTED", "PLAN_APPROVED",
                                         "HEARTBEAT"]


async def test_a_null_cursor_replays_nothing_older(gql: GraphQLClient, app: Any) -> None:
    created = await create_eval(gql, await create_target(gql))
    stream = await subscribe(app, EVENTS_SUB, {"id": created["id"], "after": None})
    try:
        pending = asyncio.ensure_future(next_data(stream, "intelligentEvalEvents"))
        await asyncio.sleep(0.05)
        await gql.execute(HEARTBEAT, {"id": created["id"]})
        assert (await pending)["sequence"] == 2
    finally:
        await stream.aclose()


async def test_a_slow_subscriber_is_told_to_resync(gql: GraphQLClient, app: Any) -> None:
    created = await create_eval(gql, await create_target(gql))
    app.state.services.events.queue_size = 2
    stream = await subscribe(app, EVENTS_SUB, {"id": created["id"], "after": 0})
    try:
        assert (await next_data(stream, "intelligentEvalEvents"))["sequence"] == 1
        for _ in range(5):
            await gql.execute(HEARTBEAT, {"id": created["id"]})
        result = await asyncio.wait_for(stream.__anext__(), 5)
        assert result.errors[0].extensions == {"code": "RATE_LIMITED",
                                               "details": {"resync": True}}
    finally:
        await stream.aclose()


async def test_session_messages_replay_then_live(gql: GraphQLClient, app: Any) -> None:
    running = await executing_eval(gql, await create_target(gql))
    session_id = await start_session(gql, running["id"])
    await gql.execute(SEND, {"id": session_id, "content": "one"})
    stream = await subscribe(app, MESSAGES_SUB, {"id": session_id, "after": 0})
    try:
        first = await next_data(stream, "sessionMessages")
        assert first["index"] == 1 and first["role"] == "ASSISTANT"
        await gql.execute(SEND, {"id": session_id, "content": "two"})
        live = [await next_data(stream, "sessionMessages") for _ in range(2)]
    finally:
        await stream.aclose()
    assert [(m["index"], m["role"]) for m in live] == [(2, "USER"), (3, "ASSISTANT")]
    assert live[0]["content"] == "two"


def test_events_over_the_websocket(settings: Settings) -> None:
    app = create_app(settings, migrate=False)
    headers = {"X-API-Key": ADMIN_KEY}
    with TestClient(app) as client:
        def run(query: str, variables: dict[str, Any]) -> dict[str, Any]:
            body = client.post("/graphql", json={"query": query, "variables": variables},
                               headers=headers).json()
            assert "errors" not in body, body
            return body["data"]
        target = run("mutation { createTarget(input: {name: \"d\", channelType: \"demo\", "
                     "channelConfig: {}}) { id } }", {})["createTarget"]["id"]
        created = run("""mutation($t: ID!) { createIntelligentEval(input: {name: "w",
            targetId: $t, goal: "g", seeds: {}, intent: "i", roleDescription: "r"}) { id } }""",
                      {"t": target})["createIntelligentEval"]["id"]
        with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
            ws.send_json({"type": "connection_init", "payload": {"X-API-Key": ADMIN_KEY}})
            assert ws.receive_json()["type"] == "connection_ack"
            ws.send_json({"id": "1", "type": "subscribe", "payload": {
                "query": EVENTS_SUB, "variables": {"id": created, "after": 0}}})
            first = ws.receive_json()
            assert first["payload"]["data"]["intelligentEvalEvents"]["type"] == "CREATED"
            run(HEARTBEAT, {"id": created})
            second = ws.receive_json()
            assert second["payload"]["data"]["intelligentEvalEvents"]["sequence"] == 2
            ws.send_json({"id": "1", "type": "complete"})
