"""kill -9 of a serving process during ingestion: every acknowledged turn is stored, once,
and a sender that retries everything after the restart loses and doubles nothing."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sys
from pathlib import Path

import httpx

from agenteval.store import database
from agenteval.store.models import MonitoredTurn
from tests.support.graphql_client import ADMIN_KEY

ROOT = Path(__file__).resolve().parents[3]
BATCHES = 400


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def serve(url: str, port: int) -> asyncio.subprocess.Process:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AGENTEVAL_DATABASE_URL": url,
           "AGENTEVAL_PORT": str(port), "AGENTEVAL_ADMIN_KEY": ADMIN_KEY,
           "AGENTEVAL_DRIVER": "none", "AGENTEVAL_DEMO": "false",
           "AGENTEVAL_MONITORING_POLL_S": "0"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "agenteval.cli", "serve", env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
    async with httpx.AsyncClient() as client:
        for _ in range(300):
            try:
                if (await client.get(f"http://127.0.0.1:{port}/healthz")).status_code == 200:
                    return process
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise AssertionError("the server did not start")


def batch(number: int) -> bytes:
    return "\n".join(json.dumps({"source": "crash", "conversationId": f"c{number % 37}",
                                 "messageId": f"b{number}-{i}", "role": "user",
                                 "content": f"turn {i} of batch {number}"})
                     for i in range(20)).encode()


async def send(port: int, numbers: range, acked: set[int],
               enough: asyncio.Event | None = None) -> None:
    headers = {"X-API-Key": ADMIN_KEY, "Content-Type": "application/x-ndjson"}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        for number in numbers:
            try:
                response = await client.post("/api/ingest", content=batch(number),
                                             headers=headers)
            except httpx.HTTPError:
                return  # the server died under us
            if response.status_code == 200:
                acked.add(number)
                if enough is not None and len(acked) >= 20:
                    enough.set()


async def test_every_acknowledged_turn_survives_a_kill_9_exactly_once(database_url: str) -> None:
    port = free_port()
    server = await serve(database_url, port)
    acked: set[int] = set()
    enough = asyncio.Event()
    sender = asyncio.create_task(send(port, range(BATCHES), acked, enough))
    await asyncio.wait_for(enough.wait(), 60)
    server.send_signal(signal.SIGKILL)  # mid-stream: requests in flight are lost, unacked
    await server.wait()
    await sender
    assert 20 <= len(acked) < BATCHES
    await database.open_database(database_url)
    try:
        stored = set(await MonitoredTurn.all().values_list("message_key", flat=True))
        for number in acked:
            assert {f"b{number}-{i}" for i in range(20)} <= stored
        # The sender retries everything after a restart: nothing is lost or doubled.
        server = await serve(database_url, port)
        retried: set[int] = set()
        await send(port, range(BATCHES), retried)
        server.terminate()
        await server.wait()
        assert retried == set(range(BATCHES))
        assert await MonitoredTurn.all().count() == BATCHES * 20
    finally:
        await database.close_database()
