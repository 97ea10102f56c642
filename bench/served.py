"""The processes a load bench needs: `agenteval serve` in a child process, a target that
answers after a delay, and what /proc says about the server (CPU, RSS)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from aiohttp import web

ROOT = Path(__file__).resolve().parents[1]
ADMIN_KEY = "bench-admin-key"

PROFILED_SERVE = """
import cProfile, signal, sys
profile = cProfile.Profile()
signal.signal(signal.SIGUSR1, lambda *_: (profile.disable(), profile.dump_stats({path!r})))
profile.enable()
from agenteval.cli import main
main(["serve"])
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve_target(port: int, delay_s: float) -> None:
    async def answer(request: web.Request) -> web.Response:
        body = await request.json()
        await asyncio.sleep(delay_s)
        return web.json_response({"answer": f"ok {len(body.get('message', ''))}"})

    async def main() -> None:
        app = web.Application()
        app.router.add_post("/chat", answer)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        await asyncio.Event().wait()

    asyncio.run(main())


def cpu_s(pid: int) -> float:
    """User + system CPU seconds the process has used (steadier than wall time on a busy box)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@contextlib.contextmanager
def server(database_url: str, port: int, redis_url: str | None = None) -> Any:
    """`agenteval serve` in a child process until the block ends (its log in a temporary file:
    a pipe nobody reads would fill and stall the server)."""
    env = dict(os.environ, AGENTEVAL_DATABASE_URL=database_url, AGENTEVAL_PORT=str(port),
               AGENTEVAL_ADMIN_KEY=ADMIN_KEY, AGENTEVAL_DRIVER="none", AGENTEVAL_DEMO="false",
               AGENTEVAL_WATCHDOG_INTERVAL_S="0", AGENTEVAL_LOG_LEVEL="WARNING")
    if redis_url:
        env["AGENTEVAL_REDIS_URL"] = redis_url
    # BENCH_PROFILE=FILE: the server runs under cProfile and writes FILE on SIGUSR1.
    profile = os.environ.get("BENCH_PROFILE")
    command = ["-c", PROFILED_SERVE.format(path=profile)] if profile else \
        ["-m", "agenteval.cli", "serve"]
    with tempfile.TemporaryFile() as log:
        child = subprocess.Popen([sys.executable, *command], cwd=ROOT, env=env,
                                 stdout=subprocess.DEVNULL, stderr=log)
        try:
            for _ in range(300):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                        break
                if child.poll() is not None:
                    raise RuntimeError(f"the server exited: {_tail(log)}")
                time.sleep(0.1)
            yield child
        finally:
            if profile:
                child.send_signal(signal.SIGUSR1)
                time.sleep(3)
            child.terminate()
            try:
                child.wait(30)
            except subprocess.TimeoutExpired:
                print(f"  (the server did not stop within 30 s of SIGTERM; killed) {_tail(log)}")
                child.kill()
                child.wait(10)


def _tail(log: Any, size: int = 2000) -> str:
    log.seek(0, os.SEEK_END)
    log.seek(max(0, log.tell() - size))
    return log.read().decode("utf-8", "replace")
