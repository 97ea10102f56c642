"""Bodies that never (fully) arrive are answered within a time limit, on a real socket: one
declared over the limit and never sent (413 at once), one half sent (408)."""

from __future__ import annotations

import asyncio
import time
from urllib.parse import urlsplit

import pytest

from agenteval.api.transport import http_guard
from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.uvicorn_server import uvicorn_server


async def _answer(url: str, head: bytes, body: bytes) -> tuple[bytes, float]:
    """Send `head` and `body` and never more; the status line and how long it took."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    started = time.perf_counter()
    try:
        writer.write(head + body)
        await writer.drain()
        async with asyncio.timeout(15):
            status = await reader.readline()
        return status, time.perf_counter() - started
    finally:
        writer.close()


def _head(length: int) -> bytes:
    return (b"POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(length).encode() + b"\r\n\r\n")


async def test_bodies_that_do_not_arrive_are_answered_in_time(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_guard, "BODY_TIMEOUT_S", 1.0)
    async with uvicorn_server(create_app(settings)) as url:
        status, took = await _answer(url, _head(10**12), b"")
        assert status.startswith(b"HTTP/1.1 413") and took < 5, (status, took)
        status, took = await _answer(url, _head(1000), b'{"query": "{ me')
        assert status.startswith(b"HTTP/1.1 408") and took < 5, (status, took)
