"""The websocket has the same limits as HTTP: coded refusals, and deep JSON closes it cleanly."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY


@pytest.fixture
def ws(settings: Settings) -> Iterator[Any]:
    with TestClient(create_app(settings, migrate=False)) as client:
        with client.websocket_connect("/graphql", subprotocols=["graphql-transport-ws"]) as socket:
            socket.send_json({"type": "connection_init", "payload": {"X-API-Key": ADMIN_KEY}})
            assert socket.receive_json()["type"] == "connection_ack"
            yield socket


def subscribe(ws: Any, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    ws.send_json({"type": "subscribe", "id": "1",
                  "payload": {"query": query, "variables": variables}})
    return ws.receive_json()


@pytest.mark.parametrize(("query", "variables", "path"), [
    ("mutation($n: String!) { createApiKey(name: $n, role: VIEWER) { secret } }",
     {"n": "a\x00b"}, "n"),
    ("mutation($s: ID!, $c: String!) { sendMessage(sessionId: $s, content: $c) "
     "{ reply { content } } }",
     {"s": "00000000-0000-0000-0000-000000000000", "c": "x" * 20_001}, "content"),
    ("query($s: RunStatus) { runs(status: $s) { totalCount } }", {"s": "done"}, "s"),
])
def test_bad_input_over_the_websocket_is_refused_with_its_path(
        ws: Any, query: str, variables: dict[str, Any], path: str) -> None:
    message = subscribe(ws, query, variables)
    # Refused before execution: an "error" message; by a resolver: "next" with errors.
    payload = message["payload"]
    error = payload[0] if message["type"] == "error" else payload["errors"][0]
    assert error["extensions"]["code"] == "VALIDATION_FAILED"
    assert error["extensions"]["details"][0]["path"] == path


def test_json_too_deep_to_parse_closes_the_socket_without_a_traceback(
        ws: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    deep = "[" * 100_000 + "]" * 100_000
    ws.send_text('{"type": "subscribe", "id": "2", "payload": {"query": "{ __typename }", '
                 f'"variables": {{"x": {deep}}}}}}}')
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4400
    assert not [r for r in caplog.records if r.exc_info]


def test_an_unexpected_error_over_the_websocket_is_masked(
        ws: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from agenteval.engine.catalog import targets

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("internal detail that must not leave")

    monkeypatch.setattr(targets, "probe_target", broken)
    message = subscribe(ws, 'mutation { probeTarget(id: "00000000-0000-0000-0000-000000000001") { ok } }', {})
    error = message["payload"]["errors"][0]
    assert error["extensions"]["code"] == "INTERNAL" and error["extensions"]["errorId"]
    assert "internal detail" not in str(message)
