"""The legacy `graphql-ws` subprotocol answers queries and mutations too (issue 27, 4).

Before, a query or a mutation over it answered INTERNAL with strawberry's
InvalidOperationTypeError logged at ERROR; only subscriptions worked."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY


@pytest.fixture
def http(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings, migrate=False)) as client:
        yield client


def legacy(ws: Any) -> None:
    ws.send_json({"type": "connection_init", "payload": {"X-API-Key": ADMIN_KEY}})
    assert ws.receive_json()["type"] == "connection_ack"


def answers(ws: Any, operation_id: str) -> list[dict[str, Any]]:
    """The messages of one operation up to its `complete` (keep-alives skipped)."""
    seen: list[dict[str, Any]] = []
    while True:
        message = ws.receive_json()
        if message["type"] == "ka":
            continue
        assert message.get("id") == operation_id, message
        seen.append(message)
        if message["type"] in ("complete", "error"):
            return seen


def test_a_query_and_a_mutation_are_answered_then_completed(
        http: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    with http.websocket_connect("/graphql", subprotocols=["graphql-ws"]) as ws:
        legacy(ws)
        ws.send_json({"type": "start", "id": "q", "payload": {"query": "{ me { role } }"}})
        got = answers(ws, "q")
        assert [m["type"] for m in got] == ["data", "complete"]
        assert got[0]["payload"] == {"data": {"me": {"role": "ADMIN"}}}
        ws.send_json({"type": "start", "id": "m", "payload": {
            "query": "mutation($n: String!) { createApiKey(name: $n, role: VIEWER) { apiKey "
                     "{ name } } }", "variables": {"n": "over legacy"}}})
        got = answers(ws, "m")
        assert got[0]["payload"]["data"] == {"createApiKey": {"apiKey": {"name": "over legacy"}}}
        assert got[-1]["type"] == "complete"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_errors_of_a_query_carry_their_contract_codes(http: TestClient) -> None:
    with http.websocket_connect("/graphql", subprotocols=["graphql-ws"]) as ws:
        legacy(ws)
        ws.send_json({"type": "start", "id": "1", "payload": {
            "query": 'mutation { deleteTarget(id: "00000000-0000-0000-0000-000000000000") }'}})
        got = answers(ws, "1")
        assert got[0]["type"] == "data"
        assert got[0]["payload"]["errors"][0]["extensions"]["code"] == "NOT_FOUND"
        ws.send_json({"type": "start", "id": "2", "payload": {"query": "{ nope }"}})
        got = answers(ws, "2")
        assert got[0]["type"] == "error"
        assert got[0]["payload"]["extensions"]["code"] == "VALIDATION_FAILED"
