"""Real `agenteval serve` processes on one PostgreSQL database, for the scale-out tests.

`Cluster.start` spawns a process (its output to a log file, which a failing
test prints); `ready` waits for its /healthz; `signal` sends it SIGKILL,
SIGTERM, SIGSTOP or SIGCONT. `owner_of(lease)` names the process that holds a
lease (the owner string carries its pid). `PrivateRedis` is a redis-server of
the test's own, on its own port, that a test may stop and start again.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiohttp import web

from agenteval.store import leases
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

ROOT = Path(__file__).resolve().parents[2]
LEASE_TTL_S = 2.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Node:
    """One `agenteval serve` process."""

    name: str
    process: subprocess.Popen[bytes]
    url: str
    log: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@dataclass
class Cluster:
    """Processes sharing `database_url` (and `redis_url`, if any)."""

    database_url: str
    redis_url: str | None
    logs: Path
    env: dict[str, str] = field(default_factory=dict)
    nodes: list[Node] = field(default_factory=list)

    def start(self, name: str, **settings: Any) -> Node:
        """Spawn `agenteval serve` with the cluster's settings and `settings` (AGENTEVAL_*)."""
        port = free_port()
        env = dict(os.environ, AGENTEVAL_DATABASE_URL=self.database_url,
                   AGENTEVAL_PORT=str(port), AGENTEVAL_ADMIN_KEY=ADMIN_KEY,
                   AGENTEVAL_DRIVER="none", AGENTEVAL_DEMO="false",
                   AGENTEVAL_WATCHDOG_INTERVAL_S="0", AGENTEVAL_LEASE_TTL_S=str(LEASE_TTL_S))
        if self.redis_url:
            env["AGENTEVAL_REDIS_URL"] = self.redis_url
        env.update(self.env)
        env.update({f"AGENTEVAL_{key.upper()}": str(value) for key, value in settings.items()})
        log = self.logs / f"{name}.log"
        process = subprocess.Popen([sys.executable, "-m", "agenteval.cli", "serve"], cwd=ROOT,
                                   env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
        node = Node(name, process, f"http://127.0.0.1:{port}", log)
        self.nodes.append(node)
        return node

    async def ready(self, *nodes: Node, timeout: float = 40.0) -> None:
        async with httpx.AsyncClient(timeout=1) as http:
            for node in nodes:
                deadline = time.monotonic() + timeout
                while True:
                    try:
                        if (await http.get(f"{node.url}/healthz")).status_code == 200:
                            break
                    except httpx.HTTPError:
                        pass
                    if node.process.poll() is not None:
                        raise AssertionError(f"{node.name} exited:\n{node.log_text()[-3000:]}")
                    if time.monotonic() > deadline:
                        raise AssertionError(f"{node.name} never answered /healthz")
                    await asyncio.sleep(0.1)

    def client(self, node: Node) -> GraphQLClient:
        return GraphQLClient(httpx.AsyncClient(base_url=node.url, timeout=60))

    def http(self, node: Node) -> httpx.AsyncClient:
        """An HTTP client of the node (GET /metrics, say)."""
        return httpx.AsyncClient(base_url=node.url, timeout=30)

    def signal(self, node: Node, sig: signal.Signals) -> None:
        node.process.send_signal(sig)

    def node_of(self, owner: str) -> Node | None:
        pid = int(owner.split(":")[1]) if owner.count(":") >= 2 else -1
        return next((node for node in self.nodes if node.pid == pid), None)

    async def owner_of(self, lease_name: str) -> Node | None:
        current = await leases.current(lease_name)
        if current is None or not current[2]:
            return None
        return self.node_of(current[0])

    def stop_all(self) -> None:
        for node in self.nodes:
            if node.process.poll() is None:
                node.process.send_signal(signal.SIGCONT)
                node.process.kill()
            node.process.wait(10)

    def dump_logs(self) -> str:
        return "\n".join(f"----- {node.name}\n{node.log_text()[-4000:]}" for node in self.nodes)


async def wait_until(condition: Any, timeout: float, what: str, every: float = 0.05) -> Any:
    """Poll the async `condition()` until it returns something truthy (returned)."""
    deadline = time.monotonic() + timeout
    while True:
        value = await condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(every)


@dataclass
class CountingBot:
    """An HTTP bot (the `http` channel's shape) counting requests per message.

    A message in `hang` is held until the test ends (its caller is killed meanwhile)
    the first time it arrives.
    """

    delay_s: float = 0.0
    seen: Counter[str] = field(default_factory=Counter)
    hang: set[str] = field(default_factory=set)
    in_flight: int = 0
    peak: int = 0  # the most requests in flight at once

    async def chat(self, request: web.Request) -> web.Response:
        body = await request.json()
        message = str(body.get("message", ""))
        self.seen[message] += 1
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            if message in self.hang:
                self.hang.discard(message)
                await asyncio.sleep(3600)
            await asyncio.sleep(self.delay_s)
        finally:
            self.in_flight -= 1
        return web.json_response({"reply": f"echo: {message}",
                                  "session_id": body.get("session_id")})

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/chat", self.chat)
        return app


class PrivateRedis:
    """A redis-server of the test's own (no persistence), to stop and start again."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            pytest.skip("redis-server is not installed")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError("the private redis-server did not start") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None
