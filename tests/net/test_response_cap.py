"""The response cap (net/http_attempt.MAX_RESPONSE_BYTES) holds on each way a body is read:
a declared length read in one go, a body without a length counted chunk by chunk, and a
compressed body counted as it inflates (its declared length is the compressed one)."""

from __future__ import annotations

import gzip

import aiohttp
import pytest
from aiohttp import web

from agenteval.net import http_attempt as attempts
from agenteval.net.limiter import ConcurrencyLimiter
from tests.support.local_server import local_server

CAP = 1000  # the streamed body comes in 100-byte chunks


async def _declared(request: web.Request) -> web.Response:
    return web.Response(body=b"x" * int(request.query["size"]))


async def _streamed(request: web.Request) -> web.StreamResponse:
    response = web.StreamResponse()  # chunked: no Content-Length
    await response.prepare(request)
    for _ in range(int(request.query["size"]) // 100):
        await response.write(b"y" * 100)
    await response.write_eof()
    return response


async def _inflating(request: web.Request) -> web.Response:
    body = gzip.compress(b"z" * int(request.query["size"]))
    return web.Response(body=body, headers={"Content-Encoding": "gzip"})


@pytest.mark.parametrize("path", ["/declared", "/streamed", "/inflating"])
async def test_each_way_of_reading_a_body_keeps_to_the_cap(monkeypatch: pytest.MonkeyPatch,
                                                           path: str) -> None:
    monkeypatch.setattr(attempts, "MAX_RESPONSE_BYTES", CAP)
    app = web.Application()
    app.router.add_get("/declared", _declared)
    app.router.add_get("/streamed", _streamed)
    app.router.add_get("/inflating", _inflating)
    async with local_server(app) as url, aiohttp.ClientSession() as session:
        def get(size: int):  # noqa: ANN202
            return attempts.http_attempt(session, ConcurrencyLimiter(1), method="GET",
                                         url=f"{url}{path}?size={size}", timeout_s=10)

        answer = await get(CAP)
        assert len(answer.body) == CAP and answer.status == 200
        with pytest.raises(attempts.AttemptFailed, match="larger than"):
            await get(CAP * 20)
