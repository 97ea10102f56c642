"""A fake OpenClaw gateway for tests: a real aiohttp server answering /hooks/agent."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from tests.support.local_server import local_server

TOKEN = "hooks-secret-token"


@dataclass
class FakeGateway:
    """Answers /hooks/agent like OpenClaw; `script` lists (status, body, headers) to send first."""

    token: str = TOKEN
    script: list[tuple[int, dict[str, Any], dict[str, str]]] = field(default_factory=list)
    requests: list[dict[str, Any]] = field(default_factory=list)
    url: str = ""

    async def hooks_agent(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.requests.append({"headers": dict(request.headers), "body": body,
                              "at": time.monotonic()})
        if self.script:
            status, answer, headers = self.script.pop(0)
            return web.json_response(answer, status=status, headers=headers)
        if request.headers.get("Authorization") != f"Bearer {self.token}":
            return web.json_response({"ok": False, "error": "unauthorized"}, status=401)
        return web.json_response({"ok": True, "runId": f"run-{len(self.requests)}"})

    @property
    def keys(self) -> list[str]:
        return [r["headers"]["Idempotency-Key"] for r in self.requests]


@contextlib.asynccontextmanager
async def running_gateway(token: str = TOKEN) -> AsyncIterator[FakeGateway]:
    """A fake gateway served until the block ends (its `url` set)."""
    fake = FakeGateway(token=token)
    app = web.Application()
    app.router.add_post("/hooks/agent", fake.hooks_agent)
    async with local_server(app) as url:
        fake.url = url
        yield fake
