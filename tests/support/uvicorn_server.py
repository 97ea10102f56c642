"""The real ASGI app behind a real uvicorn on 127.0.0.1 (for clients that need a socket)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from typing import Any

import uvicorn
from starlette.types import ASGIApp


@contextlib.asynccontextmanager
async def uvicorn_server(app: ASGIApp, *, lifespan: str = "on",
                         http: Any = "auto", ws: Any = "auto") -> AsyncIterator[str]:
    """Serve `app` (lifespan included) until the block ends; yields http://127.0.0.1:PORT
    (`http`, `ws`: uvicorn's protocol classes, e.g. serve.py's head-deadline one)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, lifespan=lifespan, log_config=None, access_log=False,
                            http=http, ws=ws)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        while not server.started:
            if task.done():
                task.result()
            await asyncio.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 10)
        sock.close()
