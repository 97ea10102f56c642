"""Live subscription events fanned out below strawberry (api/subscriptions/fanout.py), on
real sockets (uvicorn with serve.py's websocket protocol): both protocols, one rendering
per role, a revoked key closed mid-stream, a socket that cannot be written directly
served the ordinary way, and 200 subscribers with nothing lost or out of order."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
import websockets
from graphql import ExecutionResult

from agenteval.api.execution import shared_results
from agenteval.api.execution.shared_results import SharedEventResults
from agenteval.api.subscriptions import fanout
from agenteval.api.transport.direct_frames import DirectWriter, ScopedWebSocketProtocol
from agenteval.api.types.intelligent.intelligent_event import EvalEvent
from agenteval.app import create_app
from agenteval.config import Settings
from tests.api.intelligent_support import HEARTBEAT, create_eval, create_target, make_key
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient
from tests.support.uvicorn_server import uvicorn_server

EVENTS = """subscription($id: ID!, $after: Int) {
  intelligentEvalEvents(evalId: $id, afterSequence: $after) { sequence type } }"""
START = {"graphql-transport-ws": "subscribe", "graphql-ws": "start"}
DATA = {"graphql-transport-ws": "next", "graphql-ws": "data"}


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every direct write (the hub's), as written."""
    seen: list[bytes] = []
    original = DirectWriter.write

    def counting(self: DirectWriter, frames: bytes) -> bool:
        written = original(self, frames)
        if written:
            seen.append(frames)
        return written

    monkeypatch.setattr(DirectWriter, "write", counting)
    shared_results.forget_all()
    return seen


@contextlib.asynccontextmanager
async def served(settings: Settings) -> AsyncIterator[tuple[str, GraphQLClient, str]]:
    """The server, an ADMIN client over HTTP, and an eval whose event 1 is stored."""
    async with uvicorn_server(create_app(settings), ws=ScopedWebSocketProtocol) as url, \
            httpx.AsyncClient(base_url=url, timeout=30) as http:
        gql = GraphQLClient(http)
        created = await create_eval(gql, await create_target(gql))
        yield url.replace("http", "ws") + "/graphql", gql, created["id"]


async def subscribe(url: str, eval_id: str, protocol: str = "graphql-transport-ws",
                    key: str = ADMIN_KEY, operation_id: str = "op 1") -> Any:
    ws = await websockets.connect(url, subprotocols=[websockets.Subprotocol(protocol)],
                                  max_queue=None, compression=None)  # as serve.py: no deflate
    await ws.send(json.dumps({"type": "connection_init", "payload": {"X-API-Key": key}}))
    assert json.loads(await ws.recv())["type"] == "connection_ack"
    await ws.send(json.dumps({"type": START[protocol], "id": operation_id, "payload": {
        "query": EVENTS, "variables": {"id": eval_id, "after": 0}}}))
    return ws


async def received(ws: Any, count: int, protocol: str = "graphql-transport-ws"
                   ) -> list[dict[str, Any]]:
    """The next `count` data payloads (keep-alives answered or skipped)."""
    items: list[dict[str, Any]] = []
    async with asyncio.timeout(20):
        while len(items) < count:
            message = json.loads(await ws.recv())
            if message["type"] == "ping":
                await ws.send(json.dumps({"type": "pong"}))
            elif message["type"] in ("ka", "pong"):
                continue
            else:
                assert message["type"] == DATA[protocol], message
                assert list(message["payload"]) == ["data"], message
                items.append(message["payload"]["data"]["intelligentEvalEvents"])
    return items


async def heartbeats(gql: GraphQLClient, eval_id: str, count: int) -> None:
    for _ in range(count):
        await gql.execute(HEARTBEAT, {"id": eval_id})


async def test_both_protocols_get_live_events_from_the_hub(settings: Settings,
                                                           writes: list[bytes]) -> None:
    async with served(settings) as (url, gql, eval_id):
        sockets = {protocol: await subscribe(url, eval_id, protocol) for protocol in START}
        try:
            for protocol, ws in sockets.items():  # the replay, the ordinary way
                assert [e["sequence"] for e in await received(ws, 1, protocol)] == [1]
            await asyncio.sleep(0.2)  # caught up: handed over to the hub
            await heartbeats(gql, eval_id, 3)
            for protocol, ws in sockets.items():
                live = await received(ws, 3, protocol)
                assert [(e["sequence"], e["type"]) for e in live] == \
                    [(2, "HEARTBEAT"), (3, "HEARTBEAT"), (4, "HEARTBEAT")]
        finally:
            for ws in sockets.values():
                await ws.close()
    text = b"".join(writes)
    assert b'{"id":"op 1","type":"next","payload":{"data":{"intelligentEvalEvents":' \
           b'{"sequence":4,"type":"HEARTBEAT"}}}}' in text
    assert b'{"type":"data","id":"op 1","payload":{"data":{"intelligentEvalEvents":' \
           b'{"sequence":4,"type":"HEARTBEAT"}}}}' in text


async def test_each_role_gets_its_own_rendering(settings: Settings, writes: list[bytes],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    executed: list[tuple[int, str]] = []
    original = SharedEventResults.execute_operation

    def by_role(self: SharedEventResults, *args: Any, **kwargs: Any) -> Any:
        result = original(self, *args, **kwargs)
        if not isinstance(self.root_value, EvalEvent) or not isinstance(result, ExecutionResult) \
                or not result.data:
            return result
        role = self.context_value._key.role
        item = result.data["intelligentEvalEvents"]
        executed.append((item["sequence"], role))
        return ExecutionResult({"intelligentEvalEvents": {**item, "type": role}}, None)

    monkeypatch.setattr(SharedEventResults, "execute_operation", by_role)
    async with served(settings) as (url, gql, eval_id):
        viewer = (await make_key(gql, "VIEWER")).key
        assert viewer is not None
        admins = [await subscribe(url, eval_id) for _ in range(3)]
        viewers = [await subscribe(url, eval_id, key=viewer) for _ in range(3)]
        try:
            for ws in admins + viewers:
                await received(ws, 1)
            await asyncio.sleep(0.2)
            executed.clear()
            await heartbeats(gql, eval_id, 1)
            for ws in admins:
                assert await received(ws, 1) == [{"sequence": 2, "type": "ADMIN"}]
            for ws in viewers:
                assert await received(ws, 1) == [{"sequence": 2, "type": "VIEWER"}]
        finally:
            for ws in admins + viewers:
                await ws.close()
    assert sorted(executed) == [(2, "ADMIN"), (2, "VIEWER")]  # once per role, not per socket
    assert len(writes) == 6


async def test_a_revoked_key_closes_its_socket_mid_stream(settings: Settings,
                                                          writes: list[bytes]) -> None:
    async with served(settings) as (url, gql, eval_id):
        minted = await gql.execute('mutation { createApiKey(name: "ws", role: ADMIN) '
                                   "{ secret apiKey { id } } }")
        secret, key_id = (minted["createApiKey"]["secret"],
                          minted["createApiKey"]["apiKey"]["id"])
        doomed, other = await subscribe(url, eval_id, key=secret), await subscribe(url, eval_id)
        try:
            for ws in (doomed, other):
                await received(ws, 1)
            await asyncio.sleep(0.2)
            await heartbeats(gql, eval_id, 2)
            assert [e["sequence"] for e in await received(doomed, 2)] == [2, 3]
            await gql.execute(f'mutation {{ revokeApiKey(id: "{key_id}") {{ id }} }}')
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await received(doomed, 1)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
            await heartbeats(gql, eval_id, 2)
            assert [e["sequence"] for e in await received(other, 4)] == [2, 3, 4, 5]
        finally:
            for ws in (doomed, other):
                await ws.close()
    assert writes


async def test_a_socket_the_hub_cannot_write_is_served_the_ordinary_way(
        settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    refused: list[bytes] = []

    def pushing_back(self: DirectWriter, frames: bytes) -> bool:
        refused.append(frames)
        return False  # as a slow reader's socket above its high-water mark

    monkeypatch.setattr(DirectWriter, "write", pushing_back)
    async with served(settings) as (url, gql, eval_id):
        ws = await subscribe(url, eval_id)
        try:
            await received(ws, 1)
            await asyncio.sleep(0.2)
            await heartbeats(gql, eval_id, 5)
            assert [e["sequence"] for e in await received(ws, 5)] == [2, 3, 4, 5, 6]
        finally:
            await ws.close()
    assert refused  # the hub tried, then the subscription carried on from its cursor


async def test_200_subscribers_lose_nothing_and_keep_order(settings: Settings,
                                                           writes: list[bytes]) -> None:
    async with served(settings) as (url, gql, eval_id):
        protocols = list(START)
        sockets = [await subscribe(url, eval_id, protocols[i % 2], operation_id=str(i % 7))
                   for i in range(200)]
        try:
            # Events arrive while the subscribers replay and join: some join the hub late.
            sending = asyncio.create_task(heartbeats(gql, eval_id, 30))
            streams = await asyncio.gather(*(received(ws, 31, protocols[i % 2])
                                             for i, ws in enumerate(sockets)))
            await sending
        finally:
            await asyncio.gather(*(ws.close() for ws in sockets))
    for stream in streams:
        assert [e["sequence"] for e in stream] == list(range(1, 32))
    assert len(writes) >= 200  # the live part went through the hub
    assert not fanout._hubs  # every hub ends with its last subscriber
