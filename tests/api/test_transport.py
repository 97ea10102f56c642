"""HTTP details of the app: health, GraphiQL, websocket authentication."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY

ME = "query { me { role } }"


async def test_healthz_answers_ok_when_the_database_answers(gql) -> None:
    response = await gql.http.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}


async def test_healthz_is_503_when_the_database_is_gone(gql) -> None:
    from agenteval.store import database

    await database.close_database()
    response = await gql.http.get("/healthz")
    assert response.status_code == 503


async def test_graphiql_is_served_to_browsers(gql) -> None:
    # The web UI's page (it opens the bundled GraphiQL), or how to build it; never a CDN.
    response = await gql.http.get("/graphql", headers={"Accept": "text/html"})
    assert response.status_code == 200
    assert '<div id="root">' in response.text or "npm ci" in response.text
    assert "cdn" not in response.text.lower() and "unpkg" not in response.text.lower()


async def test_graphiql_can_be_switched_off(settings: Settings) -> None:
    from dataclasses import replace

    from tests.support.graphql_client import running_app

    async with running_app(create_app(replace(settings, graphiql=False), migrate=False)) as http:
        response = await http.get("/graphql", headers={"Accept": "text/html"})
        assert response.status_code != 200 or "graphiql" not in response.text.lower()


@pytest.fixture
def ws_client(settings: Settings):  # type: ignore[no-untyped-def]
    with TestClient(create_app(settings, migrate=False)) as client:
        yield client


def test_websocket_without_a_valid_key_is_closed_with_4403(ws_client) -> None:
    with ws_client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"X-API-Key": "wrong"}})
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(3):
                ws.receive_json()
    assert closed.value.code == 4403


def test_legacy_graphql_ws_without_a_valid_key_gets_connection_error(ws_client) -> None:
    # The legacy protocol has its own rejection: a connection_error message, then close.
    with ws_client.websocket_connect("/graphql", subprotocols=["graphql-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": {"apiKey": "wrong"}})
        message = ws.receive_json()
        assert message["type"] == "connection_error"
        assert message["payload"]["code"] == "UNAUTHENTICATED"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


@pytest.mark.parametrize("payload", [{"X-API-Key": ADMIN_KEY}, {"apiKey": ADMIN_KEY}])
def test_websocket_accepts_the_key_from_connection_init(ws_client, payload) -> None:
    with ws_client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        ws.send_json({"type": "connection_init", "payload": payload})
        assert ws.receive_json()["type"] == "connection_ack"
        ws.send_json({"type": "subscribe", "id": "1", "payload": {"query": ME}})
        message = ws.receive_json()
        assert message["type"] == "next"
        assert message["payload"]["data"] == {"me": {"role": "ADMIN"}}
