"""Every revocation path closes the key's open websockets (issue 27, 3).

Before, only `revokeApiKey` with a working bus closed them: `agenteval keys revoke` never
announced, and a `revokeApiKey` on another process while Redis was down was never heard,
so the sockets kept receiving (new operations were refused, the running ones were not).
Now the CLI announces through Redis (closed within 1 s on every process), and every
process re-checks the keys of its open sockets every ws_auth.KEY_RECHECK_S even when no
announcement arrives.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from agenteval.api.transport import ws_auth
from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import ADMIN_KEY
from tests.support.uvicorn_server import uvicorn_server

ROOT = Path(__file__).resolve().parents[3]
NEW_KEY = 'mutation { createApiKey(name: "ws", role: ADMIN) { secret apiKey { id } } }'
ANNOUNCED_WITHIN_S = 1.0


async def graphql(url: str, query: str, key: str = ADMIN_KEY) -> Any:
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.post(f"{url}/graphql", json={"query": query},
                                   headers={"X-API-Key": key})
        return response.json()


async def open_socket(url: str, secret: str) -> Any:
    ws = await websockets.connect(url.replace("http", "ws") + "/graphql",
                                  subprotocols=[websockets.Subprotocol("graphql-transport-ws")])
    await ws.send(json.dumps({"type": "connection_init", "payload": {"X-API-Key": secret}}))
    assert json.loads(await ws.recv())["type"] == "connection_ack"
    return ws


async def seconds_until_closed(ws: Any, limit_s: float) -> float:
    """How long until the server closes `ws` with 4403 (fails past `limit_s`)."""
    started = time.monotonic()
    try:
        async with asyncio.timeout(limit_s):
            while True:
                await ws.recv()  # pings of the protocol, if any
    except websockets.ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == ws_auth.CLOSE_CODE, closed
        return time.monotonic() - started
    except TimeoutError:
        raise AssertionError(f"the socket was still open {limit_s} s after the revocation") from None
    raise AssertionError("unreachable")


async def cli_revoke(key_id: str, database_url: str, redis_url: str | None) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AGENTEVAL_")}
    if redis_url:
        env["AGENTEVAL_REDIS_URL"] = redis_url
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "agenteval.cli", "keys", "revoke", key_id,
        "--database-url", database_url, cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await child.communicate()
    assert child.returncode == 0, err.decode()
    assert f"revoked {key_id}" in out.decode()


@pytest.fixture
async def server(settings: Settings) -> AsyncIterator[str]:
    async with uvicorn_server(create_app(settings, migrate=False)) as url:
        yield url


@pytest.fixture
async def redis_server(settings: Settings, redis_url: str) -> AsyncIterator[str]:
    app = create_app(replace(settings, redis_url=redis_url), migrate=False)
    async with uvicorn_server(app) as url:
        yield url


async def new_key(url: str) -> tuple[str, str]:
    created = (await graphql(url, NEW_KEY))["data"]["createApiKey"]
    return created["secret"], created["apiKey"]["id"]


async def test_the_cli_announces_its_revocation_through_redis(
        redis_server: str, settings: Settings, redis_url: str) -> None:
    secret, key_id = await new_key(redis_server)
    ws = await open_socket(redis_server, secret)
    await cli_revoke(key_id, settings.database_url, redis_url)
    assert await seconds_until_closed(ws, 5) <= ANNOUNCED_WITHIN_S


async def test_a_revocation_nobody_announced_closes_the_socket_at_the_next_recheck(
        server: str, settings: Settings) -> None:
    """The CLI without Redis: nothing is announced; the process re-checks by itself."""
    secret, key_id = await new_key(server)
    ws = await open_socket(server, secret)
    await cli_revoke(key_id, settings.database_url, None)
    assert await seconds_until_closed(ws, 10) <= ws_auth.KEY_RECHECK_S + 2.0


async def test_a_lost_announcement_is_caught_by_the_recheck(
        server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """As `revokeApiKey` on another process while Redis is down: the announcement is lost."""
    async def lost(*args: object) -> None:
        return None

    monkeypatch.setattr(ws_auth, "announce_revocation", lost)
    secret, key_id = await new_key(server)
    sockets = [await open_socket(server, secret) for _ in range(3)]
    other_secret, _ = await new_key(server)
    bystander = await open_socket(server, other_secret)
    await graphql(server, f'mutation {{ revokeApiKey(id: "{key_id}") {{ id }} }}')
    for ws in sockets:
        assert await seconds_until_closed(ws, 10) <= ws_auth.KEY_RECHECK_S + 2.0
    # The live key's socket stays open and usable.
    await bystander.send(json.dumps({"type": "subscribe", "id": "1",
                                     "payload": {"query": "{ me { name } }"}}))
    assert json.loads(await bystander.recv())["type"] == "next"
    await bystander.close()
