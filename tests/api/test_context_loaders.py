"""DataLoaders belong to one request, one websocket operation, and never serve stale rows."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.testclient import TestClient
from starlette.websockets import WebSocket

from agenteval.api.context import Context, start_operation
from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.intelligent_support import (
    CREATE_EVAL,
    CREATE_TARGET,
    SEEDS,
    create_target,
    executing_eval,
    start_session,
)
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

TWO_MESSAGES = """mutation($id: ID!) {
  first: sendMessage(sessionId: $id, content: "one") { session { messages { index } } }
  second: sendMessage(sessionId: $id, content: "two") { session { messages { index } } } }"""
EVAL_TARGET = "query($id: ID!) { intelligentEval(id: $id) { target { name } } }"
RENAME = """mutation($id: ID!, $name: String!) {
  updateTarget(id: $id, input: {name: $name}) { name } }"""


async def test_a_later_mutation_field_sees_what_an_earlier_one_wrote(gql: GraphQLClient) -> None:
    evaluation = await executing_eval(gql, await create_target(gql))
    session_id = await start_session(gql, evaluation["id"])
    data = await gql.execute(TWO_MESSAGES, {"id": session_id})
    assert [m["index"] for m in data["first"]["session"]["messages"]] == [0, 1]
    assert [m["index"] for m in data["second"]["session"]["messages"]] == [0, 1, 2, 3]


def _operation(ws: Any, operation_id: str, query: str, variables: dict[str, Any]) -> Any:
    ws.send_json({"type": "subscribe", "id": operation_id,
                  "payload": {"query": query, "variables": variables}})
    message = ws.receive_json()
    assert message["type"] == "next", message
    assert "errors" not in message["payload"], message
    assert ws.receive_json()["type"] == "complete"
    return message["payload"]["data"]


def test_each_websocket_operation_reads_rows_as_they_are_now(settings: Settings) -> None:
    # The whole test talks to the app over one connection (TestClient runs it on its own loop).
    with TestClient(create_app(settings, migrate=False)) as client, \
            client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"X-API-Key": ADMIN_KEY}})
        assert ws.receive_json()["type"] == "connection_ack"
        target = _operation(ws, "1", CREATE_TARGET, {"input": {
            "name": "demo", "channelType": "demo", "channelConfig": {}}})
        target_id = target["createTarget"]["id"]
        created = _operation(ws, "2", CREATE_EVAL, {"input": {
            "name": "eval", "targetId": target_id, "goal": "g", "seeds": SEEDS, "intent": "i",
            "roleDescription": "r", "timeWindowHours": 24}})
        eval_id = created["createIntelligentEval"]["id"]
        before = _operation(ws, "3", EVAL_TARGET, {"id": eval_id})
        _operation(ws, "4", RENAME, {"id": target_id, "name": "renamed"})
        after = _operation(ws, "5", EVAL_TARGET, {"id": eval_id})
    assert before["intelligentEval"]["target"]["name"] == "demo"
    assert after["intelligentEval"]["target"]["name"] == "renamed"


async def _never(*_: Any) -> Any:
    raise AssertionError("the socket is never used")


async def test_each_websocket_operation_task_gets_its_own_loaders(gql: GraphQLClient,
                                                                  app: Any) -> None:
    socket = WebSocket({"type": "websocket", "path": "/graphql", "headers": []}, _never, _never)
    connection = Context(services=app.state.services, request=socket)
    plain = Context(services=app.state.services, secret=ADMIN_KEY)

    async def operation() -> tuple[object, object]:
        start_operation()
        await asyncio.sleep(0)
        return connection.loaders, plain.loaders

    (first, plain_first), (second, plain_second) = await asyncio.gather(operation(),
                                                                        operation())
    assert first is not second
    assert connection.loaders is not first and connection.loaders is not second
    # A context that is not a websocket's keeps its own loaders, even inside such a task.
    assert plain_first is plain_second is plain.loaders
