"""A revoked key dies at once on open websockets: the socket closes, no operation runs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from agenteval.api.transport import ws_auth
from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY

MINT = 'mutation { createApiKey(name: "minted", role: ADMIN) { secret } }'


@pytest.fixture
def http(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings, migrate=False)) as client:
        yield client


def graphql(http: TestClient, query: str, key: str = ADMIN_KEY) -> Any:
    return http.post("/graphql", json={"query": query}, headers={"X-API-Key": key}).json()


def new_admin_key(http: TestClient) -> tuple[str, str]:
    data = graphql(http, 'mutation { createApiKey(name: "ws", role: ADMIN) '
                         "{ secret apiKey { id } } }")["data"]["createApiKey"]
    return data["secret"], data["apiKey"]["id"]


def key_count(http: TestClient) -> int:
    return len(graphql(http, "{ apiKeys { id } }")["data"]["apiKeys"])


def connect(ws: Any, secret: str) -> None:
    ws.send_json({"type": "connection_init", "payload": {"X-API-Key": secret}})
    assert ws.receive_json()["type"] == "connection_ack"


def test_revoking_a_key_closes_its_open_websockets(http: TestClient) -> None:
    secret, key_id = new_admin_key(http)
    with http.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        connect(ws, secret)
        graphql(http, f'mutation {{ revokeApiKey(id: "{key_id}") {{ id }} }}')
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_an_operation_on_a_socket_whose_key_was_revoked_is_refused(
        http: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # As if the revocation came from another process whose announcement got lost.
    async def lost(*args: object) -> None:
        return None

    monkeypatch.setattr(ws_auth, "announce_revocation", lost)
    secret, key_id = new_admin_key(http)
    with http.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        connect(ws, secret)
        graphql(http, f'mutation {{ revokeApiKey(id: "{key_id}") {{ id }} }}')
        before = key_count(http)
        ws.send_json({"type": "subscribe", "id": "1", "payload": {"query": MINT}})
        message = ws.receive_json()
        assert message["type"] == "error", message
        assert message["payload"][0]["extensions"]["code"] == "UNAUTHENTICATED"
    assert key_count(http) == before


def test_a_live_key_keeps_working_on_its_socket(http: TestClient) -> None:
    secret, _ = new_admin_key(http)
    with http.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as ws:
        connect(ws, secret)
        for index in range(2):
            ws.send_json({"type": "subscribe", "id": str(index),
                          "payload": {"query": "{ me { name } }"}})
            assert ws.receive_json()["payload"]["data"] == {"me": {"name": "ws"}}
            assert ws.receive_json()["type"] == "complete"
