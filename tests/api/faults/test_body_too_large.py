"""The 413 reaches a client that sends its whole body before it reads (issue 27, 7).

Python's urllib writes the whole request, then reads the answer; the server answered
413 as soon as it saw Content-Length and closed with the body unread, so urllib saw
a connection reset instead of the 413."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import urllib.error
import urllib.request

from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY
from tests.support.uvicorn_server import uvicorn_server

LIMIT = 64 * 1024


def post(url: str, body: bytes, chunked: bool = False) -> tuple[int, dict[str, object]]:
    headers = {"Content-Type": "application/json", "X-API-Key": ADMIN_KEY}
    data: bytes | object = body
    if chunked:
        data = iter([body[i:i + 65536] for i in range(0, len(body), 65536)])
        headers["Transfer-Encoding"] = "chunked"
    request = urllib.request.Request(f"{url}/graphql", data=data,  # type: ignore[arg-type]
                                     headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


async def test_urllib_sees_the_413_for_a_body_far_over_the_limit(settings: Settings) -> None:
    app = create_app(dataclasses.replace(settings, max_body_bytes=LIMIT), migrate=False)
    body = json.dumps({"query": "{ __typename }", "variables": {"x": "y" * (16 * 2**20)}})
    async with uvicorn_server(app) as url:
        for chunked in (False, True):
            status, answer = await asyncio.to_thread(post, url, body.encode(), chunked)
            assert status == 413
            assert answer["errors"][0]["extensions"]["code"] == "VALIDATION_FAILED"
            assert "AGENTEVAL_MAX_BODY_BYTES" in answer["errors"][0]["message"]
        # The connection handling is intact for the next client.
        status, answer = await asyncio.to_thread(
            post, url, json.dumps({"query": "{ __typename }"}).encode())
        assert status == 200 and answer["data"] == {"__typename": "Query"}


def post_expecting_continue(url: str, declared: int) -> bytes:
    """Headers with `Expect: 100-continue` and a huge Content-Length, then read: no body sent."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        sock.sendall((f"POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {declared}\r\nExpect: 100-continue\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
        return answer


async def test_a_client_expecting_100_gets_the_413_before_sending(settings: Settings) -> None:
    app = create_app(dataclasses.replace(settings, max_body_bytes=LIMIT), migrate=False)
    async with uvicorn_server(app) as url:
        answer = await asyncio.wait_for(
            asyncio.to_thread(post_expecting_continue, url, 10 * 2**30), 15)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
