"""The driver's GraphQL client: documents valid against the contract; errors typed; transports."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from graphql import build_schema, parse, validate

from agenteval.drivers.builtin.documents import DOCUMENTS
from agenteval.drivers.builtin.graphql import AgentEvalApi, ApiError, TargetFailure
from agenteval.drivers.builtin.transport import AsgiTransport, HttpTransport, TransportError
from tests.support.local_server import local_server

# The exported schema: the whole contract (tests/api/test_schema_contract.py) plus additions.
SCHEMA = Path(__file__).resolve().parents[3] / "schema.graphql"


def test_every_document_is_valid_against_the_schema() -> None:
    schema = build_schema(SCHEMA.read_text(encoding="utf-8"))
    for name, document in DOCUMENTS.items():
        errors = validate(schema, parse(document))
        assert errors == [], f"{name}: {[error.message for error in errors]}"


class FakeGraphQL:
    """A tiny ASGI app answering from a queue and recording each request."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.requests: list[tuple[dict[str, str], dict[str, Any]]] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = {k.decode(): v.decode() for k, v in scope["headers"]}
        self.requests.append((headers, json.loads(body)))
        status, answer = self.answers.pop(0)
        payload = answer.encode() if isinstance(answer, str) else json.dumps(answer).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": payload})


def target_error(details: dict[str, Any]) -> dict[str, Any]:
    return {"data": None, "errors": [{"message": "target timed out",
                                      "extensions": {"code": "TARGET_ERROR",
                                                     "details": details}}]}


async def test_data_comes_back_and_the_key_and_variables_are_sent() -> None:
    app = FakeGraphQL((200, {"data": {"heartbeat": {"id": "e1", "status": "EXECUTING"}}}))
    api = AgentEvalApi(AsgiTransport(app), "secret-1")
    assert await api.heartbeat("e1", "alive") == {"id": "e1", "status": "EXECUTING"}
    headers, body = app.requests[0]
    assert headers["x-api-key"] == "secret-1"
    assert body["variables"] == {"evalId": "e1", "note": "alive"}


async def test_an_error_with_a_code_raises_api_error_with_details() -> None:
    app = FakeGraphQL((200, {"data": None, "errors": [{
        "message": "bad plan", "extensions": {"code": "VALIDATION_FAILED",
                                              "details": [{"path": "plan", "message": "x"}]}}]}))
    api = AgentEvalApi(AsgiTransport(app), "k")
    with pytest.raises(ApiError) as raised:
        await api.submit_plan("e1", {})
    assert raised.value.code == "VALIDATION_FAILED"
    assert raised.value.details == [{"path": "plan", "message": "x"}]


async def test_a_target_error_is_an_outcome_not_an_exception() -> None:
    details = {"sessionId": "s", "turnIndex": 2, "kind": "timeout"}
    api = AgentEvalApi(AsgiTransport(FakeGraphQL((200, target_error(details)))), "k")
    answer = await api.send_message("s", "hello", "turn-2")
    assert answer == TargetFailure("target timed out", details)
    assert answer.turn_index == 2 and answer.kind == "timeout"


async def test_a_non_json_answer_is_a_transport_error() -> None:
    api = AgentEvalApi(AsgiTransport(FakeGraphQL((500, "Internal Server Error"))), "k")
    with pytest.raises(TransportError):
        await api.get_eval("e1")


async def test_null_data_for_an_unknown_eval_is_not_found() -> None:
    api = AgentEvalApi(AsgiTransport(FakeGraphQL((200, {"data": {"intelligentEval": None}}))),
                       "k")
    with pytest.raises(ApiError) as raised:
        await api.get_eval("nope")
    assert raised.value.code == "NOT_FOUND"


async def test_lists_follow_every_page() -> None:
    def page(ids: list[str], more: bool) -> tuple[int, dict[str, Any]]:
        return 200, {"data": {"intelligentEvals": {
            "pageInfo": {"hasNextPage": more, "endCursor": ids[-1]},
            "edges": [{"node": {"id": i}} for i in ids]}}}

    app = FakeGraphQL(page(["a", "b"], True), page(["c"], False))
    evals = await AgentEvalApi(AsgiTransport(app), "k").list_evals("PLANNING")
    assert [e["id"] for e in evals] == ["a", "b", "c"]
    assert app.requests[1][1]["variables"] == {"status": "PLANNING", "after": "b"}


@pytest.fixture
async def http_server() -> AsyncIterator[tuple[str, list[Any]]]:
    seen: list[Any] = []

    async def handle(request: web.Request) -> web.Response:
        seen.append((request.headers.get("X-API-Key"), await request.json()))
        return web.json_response({"data": {"heartbeat": {"id": "e", "status": "EXECUTING"}}})

    app = web.Application()
    app.router.add_post("/graphql", handle)
    async with local_server(app) as url:
        yield f"{url}/graphql", seen


async def test_the_http_transport_posts_to_a_real_server(http_server: Any) -> None:
    url, seen = http_server
    api = AgentEvalApi.over_http(url, "k2")
    try:
        assert (await api.heartbeat("e"))["status"] == "EXECUTING"
    finally:
        await api.aclose()
    assert seen[0][0] == "k2" and "heartbeat" in seen[0][1]["query"]


async def test_an_unreachable_server_is_a_transport_error() -> None:
    transport = HttpTransport("http://127.0.0.1:9/graphql", timeout_s=2)
    try:
        with pytest.raises(TransportError):
            await AgentEvalApi(transport, "k").heartbeat("e")
    finally:
        await transport.aclose()
