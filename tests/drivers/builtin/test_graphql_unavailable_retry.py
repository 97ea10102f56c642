"""The driver's client retries UNAVAILABLE with the same request, a bounded number of times."""

from __future__ import annotations

from typing import Any

import pytest

from agenteval.drivers.builtin.graphql import AgentEvalApi, ApiError
from agenteval.drivers.builtin.transport import AsgiTransport
from tests.drivers.builtin.test_graphql_client import FakeGraphQL

UNAVAILABLE = {"data": None, "errors": [{"message": "try again shortly",
                                         "extensions": {"code": "UNAVAILABLE"}}]}
EXCHANGE = {"userMessage": {"id": "u"}, "reply": {"id": "r"}, "session": {"id": "s"}}


async def test_unavailable_is_retried_with_the_same_request_until_it_succeeds() -> None:
    app = FakeGraphQL((200, UNAVAILABLE), (200, UNAVAILABLE),
                      (200, {"data": {"sendMessage": EXCHANGE}}))
    api = AgentEvalApi(AsgiTransport(app), "k", retry_delays=(0.0, 0.0, 0.0))
    assert await api.send_message("s", "hi", idempotency_key="turn-0") == EXCHANGE
    bodies = [body for _, body in app.requests]
    assert len(bodies) == 3 and bodies[0] == bodies[1] == bodies[2]
    assert bodies[0]["variables"]["idempotencyKey"] == "turn-0"


async def test_unavailable_is_raised_once_the_retries_are_used_up() -> None:
    app = FakeGraphQL(*[(200, UNAVAILABLE)] * 3)
    api = AgentEvalApi(AsgiTransport(app), "k", retry_delays=(0.0, 0.0))
    with pytest.raises(ApiError) as raised:
        await api.heartbeat("e")
    assert raised.value.code == "UNAVAILABLE"
    assert len(app.requests) == 3


async def test_other_errors_are_not_retried() -> None:
    conflict: dict[str, Any] = {"data": None, "errors": [
        {"message": "no", "extensions": {"code": "CONFLICT"}}]}
    app = FakeGraphQL((200, conflict))
    api = AgentEvalApi(AsgiTransport(app), "k", retry_delays=(0.0,))
    with pytest.raises(ApiError):
        await api.heartbeat("e")
    assert len(app.requests) == 1
