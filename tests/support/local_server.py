"""Real local HTTP servers for tests: an aiohttp app on 127.0.0.1 at a free port."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable

from aiohttp import web

Serve = Callable[[web.Application], Awaitable[str]]


@contextlib.asynccontextmanager
async def local_server(app: web.Application) -> AsyncIterator[str]:
    """Serve `app` until the block ends; yields its base URL (http://127.0.0.1:PORT)."""
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    try:
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        host, port = runner.addresses[0][:2]
        yield f"http://{host}:{port}"
    finally:
        await runner.cleanup()


@contextlib.asynccontextmanager
async def server_starter() -> AsyncIterator[Serve]:
    """A `serve(app) -> base URL` function; every app it started stops with the block."""
    async with contextlib.AsyncExitStack() as stack:
        async def serve(app: web.Application) -> str:
            return await stack.enter_async_context(local_server(app))

        yield serve
