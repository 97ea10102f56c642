"""Transient failures are retried with backoff (Retry-After wins); other 4xx are final."""

from __future__ import annotations

import socket
import time

import pytest

from agenteval.llm import ModelCallError, ModelClient, ModelEndpoint
from tests.support.fake_llm_server import Drop, FakeLLMServer, Respond

PROMPT = [{"role": "user", "content": "hi"}]


async def test_429_waits_for_retry_after_then_succeeds(server: FakeLLMServer,
                                                       make_client) -> None:
    server.script("chat", Respond(status=429, headers={"Retry-After": "1"}), "fine")
    client = make_client()

    result = await client.chat(PROMPT)

    assert (result.text, result.attempts, client.calls) == ("fine", 2, 2)
    first, second = server.requests
    assert second.at - first.at >= 0.95  # 1 s asked for; monotonic clocks may round a little


async def test_retry_after_is_capped(server: FakeLLMServer, make_client) -> None:
    server.script("chat", Respond(status=503, headers={"Retry-After": "3600"}), "fine")

    started = time.monotonic()
    result = await make_client(max_retry_after_s=0.05).chat(PROMPT)

    assert result.text == "fine"
    assert time.monotonic() - started < 5  # not an hour: the cap held (room for a slow machine)


async def test_500_then_ok_is_retried(server: FakeLLMServer, make_client) -> None:
    server.script("chat", Respond(status=500), "recovered")

    result = await make_client().chat(PROMPT)

    assert (result.text, result.attempts) == ("recovered", 2)


async def test_persistent_500_names_model_status_and_attempts(server: FakeLLMServer,
                                                              make_client) -> None:
    server.script("chat", *[Respond(status=500, text="upstream exploded")] * 3)

    with pytest.raises(ModelCallError) as caught:
        await make_client(model="gpt-x", api_key="sk-secret-123").chat(PROMPT)

    error = caught.value
    assert (error.kind, error.status) == ("http_status", 500)
    assert error.message == (
        f"JUDGE model gpt-x at {server.url}: HTTP 500 after 3 attempts: upstream exploded")
    assert "sk-secret-123" not in str(error)
    assert len(server.requests) == 3
    assert server.requests[0].headers["Authorization"] == "Bearer sk-secret-123"


async def test_400_is_not_retried(server: FakeLLMServer, make_client) -> None:
    server.script("chat", Respond({"error": {"message": "unknown param"}}, status=400))

    with pytest.raises(ModelCallError) as caught:
        await make_client().chat(PROMPT)

    assert (caught.value.kind, caught.value.status) == ("http_status", 400)
    assert "HTTP 400: " in caught.value.message and "unknown param" in caught.value.message
    assert "attempts" not in caught.value.message
    assert len(server.requests) == 1


async def test_slow_answer_times_out_and_is_retried_with_retry_on_timeout(
        server: FakeLLMServer, make_client) -> None:
    server.script("chat", Respond(delay_s=1.0, body={"never": "seen"}), "quick")

    result = await make_client(timeout_s=0.2, retry_on_timeout=True).chat(PROMPT)

    assert (result.text, result.attempts) == ("quick", 2)


async def test_a_timeout_is_not_retried_by_default(server: FakeLLMServer, make_client) -> None:
    # A single-slot server is still generating the timed-out answer: a retry would queue.
    server.script("chat", Respond(delay_s=1.0, body={"never": "seen"}), "quick")

    with pytest.raises(ModelCallError) as caught:
        await make_client(timeout_s=0.2).chat(PROMPT)

    assert caught.value.kind == "timeout" and len(server.requests) == 1


async def test_timeouts_every_time_give_a_timeout_error(server: FakeLLMServer,
                                                        make_client) -> None:
    server.script("chat", *[Respond(delay_s=1.0, body={})] * 2)

    with pytest.raises(ModelCallError) as caught:
        await make_client(timeout_s=0.1, retries=1, retry_on_timeout=True).chat(PROMPT)

    assert caught.value.kind == "timeout"
    assert "no reply within 0.1 s after 2 attempts" in caught.value.message


async def test_dropped_connection_is_retried(server: FakeLLMServer, make_client) -> None:
    server.script("chat", Drop(), "after the drop")

    result = await make_client().chat(PROMPT)

    assert (result.text, result.attempts) == ("after the drop", 2)
    assert len(server.requests) == 2


async def test_unreachable_server_is_a_connection_error() -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    endpoint = ModelEndpoint(role="EMBEDDING", model="e", base_url=f"http://127.0.0.1:{port}/v1",
                             params={"retries": 1, "backoff_s": 0.01})
    async with ModelClient(endpoint) as client:
        with pytest.raises(ModelCallError) as caught:
            await client.embed(["x"])

    assert caught.value.kind == "connection"
    assert caught.value.message.startswith(
        f"EMBEDDING model e at http://127.0.0.1:{port}/v1: connection failed after 2 attempts: ")
    assert client.calls == 2


async def test_credentials_in_the_base_url_are_not_shown(server: FakeLLMServer) -> None:
    server.script("chat", Respond(status=401))
    url = server.url.replace("http://", "http://user:hunter2@")
    async with ModelClient(ModelEndpoint(role="JUDGE", model="m", base_url=url)) as client:
        with pytest.raises(ModelCallError) as caught:
            await client.chat(PROMPT)

    assert "hunter2" not in caught.value.message
    assert caught.value.message.startswith(f"JUDGE model m at {server.url}: HTTP 401")


async def test_dropped_connection_without_retries_is_a_connection_error(
        server: FakeLLMServer, make_client) -> None:
    server.script("chat", Drop())

    with pytest.raises(ModelCallError) as caught:
        await make_client(retries=0).chat(PROMPT)

    assert caught.value.kind == "connection"
