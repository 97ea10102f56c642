"""Requests that never (fully) arrive are answered within a time limit, on a real socket:
one declared over the limit and never sent (413 at once), one half sent (408), and —
issue 36 — requests trickled a byte at a time, whose every read is short: the head
(slowloris), the body of /graphql and of a REST route, and a connection that opens and
says nothing. Each is answered 408 and closed within its limit while other requests are
served meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import httpx

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.serve import head_deadline_protocol
from tests.support.graphql_client import ADMIN_KEY
from tests.support.uvicorn_server import uvicorn_server

LIMIT_S = 1.0


@contextlib.asynccontextmanager
async def served(settings: Settings) -> AsyncIterator[str]:
    limited = settings.with_overrides(request_head_timeout_s=LIMIT_S,
                                      request_body_timeout_s=LIMIT_S)
    async with uvicorn_server(create_app(limited), http=head_deadline_protocol(LIMIT_S)) as url:
        yield url


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


async def _trickle(url: str, data: bytes, every_s: float = 0.2,
                   at_once: bytes = b"") -> tuple[bytes, float]:
    """Send `at_once`, then `data` one byte every `every_s` (each read short) until the
    server answers or closes; the whole answer and the time it took."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    started = time.perf_counter()
    answer = asyncio.create_task(reader.read())  # until the server closes
    writer.write(at_once)

    try:
        for byte in data:
            if answer.done():
                break
            with contextlib.suppress(ConnectionError):
                writer.write(bytes([byte]))
                await writer.drain()
            await asyncio.sleep(every_s)
        async with asyncio.timeout(15):
            received = await answer
        return received, time.perf_counter() - started
    finally:
        answer.cancel()
        writer.close()


def _head(length: int, path: bytes = b"/graphql", extra: bytes = b"") -> bytes:
    return (b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + extra + b"Content-Length: " + str(length).encode() + b"\r\n\r\n")


async def _served_meanwhile(url: str, until: asyncio.Future[object]) -> list[float]:
    """`{ me { id } }` asked again and again until `until` is done; each one's seconds."""
    took = []
    async with httpx.AsyncClient(base_url=url, headers={"X-API-Key": ADMIN_KEY}) as client:
        while not until.done():
            started = time.perf_counter()
            response = await client.post("/graphql", json={"query": "{ me { id } }"})
            assert response.status_code == 200 and response.json()["data"]["me"]["id"]
            took.append(time.perf_counter() - started)
            await asyncio.sleep(0.05)
    return took


async def test_bodies_that_do_not_arrive_are_answered_in_time(settings: Settings) -> None:
    async with served(settings) as url:
        status, took = await _answer(url, _head(10**12), b"")
        assert status.startswith(b"HTTP/1.1 413") and took < 5, (status, took)
        status, took = await _answer(url, _head(1000), b'{"query": "{ me')
        assert status.startswith(b"HTTP/1.1 408") and took < LIMIT_S + 1.5, (status, took)


async def test_trickled_requests_are_closed_within_the_limit_while_others_are_served(
        settings: Settings) -> None:
    body = b'{"query": "{ me { id } }"}' * 40
    ingest_head = _head(len(body), b"/api/ingest", b"X-API-Key: " + ADMIN_KEY.encode() + b"\r\n")
    async with served(settings) as url:
        hostile = asyncio.gather(
            _trickle(url, _head(len(body)) * 20),                 # the head, byte by byte
            _trickle(url, body, at_once=_head(len(body))),        # the GraphQL body
            _trickle(url, body, at_once=ingest_head),             # a REST route's body
            _trickle(url, b"", every_s=0))                        # opens, says nothing
        meanwhile = await _served_meanwhile(url, hostile)
        (head, head_s), (gql, gql_s), (rest, rest_s), (silent, silent_s) = await hostile
    for answer, took in ((head, head_s), (silent, silent_s)):
        assert answer.startswith(b"HTTP/1.1 408") and b"AGENTEVAL_REQUEST_HEAD_TIMEOUT_S" in answer
        assert took < LIMIT_S + 1.0, took  # from the first byte; no byte resets the limit
    for answer, took in ((gql, gql_s), (rest, rest_s)):
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"AGENTEVAL_REQUEST_BODY_TIMEOUT_S" in answer and b'"VALIDATION_FAILED"' in answer
        assert b"connection: close" in answer.lower()
        assert took < LIMIT_S + 1.0, took
    assert len(meanwhile) >= 5 and max(meanwhile) < 0.5, meanwhile


async def test_a_keep_alive_connection_gets_a_fresh_limit_for_each_request(
        settings: Settings) -> None:
    """The head limit counts from a request's first byte, not from the connection: a
    client that sends requests one after another on one connection is never cut."""
    async with served(settings) as url, httpx.AsyncClient(
            base_url=url, headers={"X-API-Key": ADMIN_KEY}) as client:
        for _ in range(3):
            response = await client.post("/graphql", json={"query": "{ me { id } }"})
            assert response.status_code == 200
            await asyncio.sleep(LIMIT_S * 0.7)  # within uvicorn's keep-alive of 5 s
