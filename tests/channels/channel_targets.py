"""Real local aiohttp targets that answer, stall, fail and misbehave on purpose (test helpers)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from agenteval.channels import TargetSpec

Behaviour = Callable[[web.Request], Awaitable[web.StreamResponse]]


def answer(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Behaviour:
    async def respond(request: web.Request) -> web.StreamResponse:
        return web.json_response(body, status=status, headers=headers)

    return respond


def text(body: str, status: int = 200, content_type: str = "text/html") -> Behaviour:
    async def respond(request: web.Request) -> web.StreamResponse:
        return web.Response(text=body, status=status, content_type=content_type)

    return respond


def slow(seconds: float, then: Behaviour) -> Behaviour:
    async def respond(request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(seconds)
        return await then(request)

    return respond


def drop() -> Behaviour:
    """Close the TCP connection without answering."""

    async def respond(request: web.Request) -> web.StreamResponse:
        assert request.transport is not None
        request.transport.close()
        return web.Response()

    return respond


@dataclass
class ScriptedTarget:
    """Answers request n with behaviour n (the last behaviour repeats); records every request."""

    behaviours: list[Behaviour]
    requests: list[dict[str, Any]] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0

    async def handle(self, request: web.Request) -> web.StreamResponse:
        raw = await request.read()
        self.requests.append(
            {
                "method": request.method,
                "path": request.path,
                "query": dict(request.query),
                "headers": dict(request.headers),
                "json": await request.json() if raw else None,
            }
        )
        behaviour = self.behaviours[min(len(self.requests), len(self.behaviours)) - 1]
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            return await behaviour(request)
        finally:
            self.in_flight -= 1

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self.handle)
        return app


FAST = {"timeout_s": 0.3, "retries": 2, "backoff_s": 0.01}


def http_target(
    url: str, target_id: str = "t-http", max_concurrency: int = 8, **config: Any
) -> TargetSpec:
    return TargetSpec(
        id=target_id,
        channel_type="http",
        config={"url": url, "reply_path": "answer", **FAST, **config},
        max_concurrency=max_concurrency,
    )
