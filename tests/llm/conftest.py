"""Fixtures: a scripted OpenAI-compatible server and model clients pointed at it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from agenteval.llm import ModelClient, ModelEndpoint
from tests.support.fake_llm_server import FakeLLMServer

# Fast retries so the suite stays quick; tests that check the backoff say so.
FAST = {"backoff_s": 0.01, "timeout_s": 2}

MakeClient = Callable[..., ModelClient]


@pytest.fixture
async def server() -> AsyncIterator[FakeLLMServer]:
    async with FakeLLMServer() as fake:
        yield fake


@pytest.fixture
async def make_client(server: FakeLLMServer) -> AsyncIterator[MakeClient]:
    """make_client(role="JUDGE", **params) → a client of `server`, closed after the test."""
    clients: list[ModelClient] = []

    def make(role: str = "JUDGE", model: str = "judge-model", api_key: str | None = None,
             **params: Any) -> ModelClient:
        endpoint = ModelEndpoint(role=role, model=model, base_url=server.url,  # type: ignore[arg-type]
                                 api_key=api_key, params={**FAST, **params})
        client = ModelClient(endpoint)
        clients.append(client)
        return client

    yield make
    for client in clients:
        await client.aclose()
