"""The processes of the real-OpenClaw end-to-end test: installed OpenClaw, its gateway,
`agenteval serve`, and the scripted model in a thread of its own."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from tests.support.fake_llm_server import FakeLLMServer
from tests.support.scripted_agent import ScriptedAgent

ROOT = Path(__file__).resolve().parents[2]
INSTALL_SCRIPT = Path(__file__).with_name("openclaw_install.sh")
PR_SET_PDEATHSIG = 1


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def install_openclaw() -> tuple[str | None, str]:
    """(PATH entries holding node 24 and openclaw, None on failure; what happened)."""
    if shutil.which("npm") is None:
        return None, "npm is not installed"
    started = time.monotonic()
    result = subprocess.run(["sh", str(INSTALL_SCRIPT)], capture_output=True, text=True,
                            timeout=600)
    took = f"{time.monotonic() - started:.1f}s"
    if result.returncode != 0:
        return None, f"installing OpenClaw failed after {took}: {result.stderr[-1500:]}"
    return result.stdout.strip().splitlines()[-1], took


class ThreadedLLM:
    """FakeLLMServer + ScriptedAgent served from a background thread's event loop."""

    def __init__(self) -> None:
        self.agent = ScriptedAgent()
        self.server = FakeLLMServer(chat=self.agent)
        self._loop = asyncio.new_event_loop()
        self._stop = asyncio.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="scripted-llm", daemon=True)

    def _run(self) -> None:
        async def serve() -> None:
            async with self.server:
                self._ready.set()
                await self._stop.wait()

        self._loop.run_until_complete(serve())

    def __enter__(self) -> ThreadedLLM:
        self._thread.start()
        if not self._ready.wait(15):
            raise RuntimeError("the scripted model server did not start")
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)

    def tool_results(self) -> list[str]:
        """The text of every tool result OpenClaw sent the model, over all requests."""
        return [_text(message.get("content"))
                for request in self.server.requests_to("chat")
                for message in request.body.get("messages") or []
                if message.get("role") == "tool"]


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content or "")


def wait_http(url: str, timeout_s: float, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{process.args!r} exited with {process.returncode}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url, timeout=2).status_code == 200:
                return
        time.sleep(0.5)
    raise AssertionError(f"{url} did not answer within {timeout_s:g}s")


@contextlib.contextmanager
def process(args: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A child in its own process group, stopped with its children when the block ends."""
    with log.open("wb") as output:
        child = subprocess.Popen(args, env=env, stdout=output, stderr=subprocess.STDOUT,
                                 start_new_session=True, cwd=ROOT,
                                 preexec_fn=_die_with_parent)
        try:
            yield child
        finally:
            stop(child)


def _die_with_parent() -> None:
    """Linux: SIGTERM the child when pytest dies without tearing down (a test timeout
    ends the process at once), so no gateway outlives the run."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def stop(child: subprocess.Popen[bytes]) -> None:
    if child.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGTERM)
    try:
        child.wait(15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)
        child.wait(5)


def agenteval_serve_env(database: Path, port: int, admin_key: str, gateway_url: str,
                        hooks_token: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AGENTEVAL_")}
    env.update(AGENTEVAL_DATABASE_URL=f"sqlite://{database}", AGENTEVAL_PORT=str(port),
               AGENTEVAL_ADMIN_KEY=admin_key, AGENTEVAL_DEMO="false",
               AGENTEVAL_DRIVER="openclaw", AGENTEVAL_OPENCLAW_URL=gateway_url,
               AGENTEVAL_OPENCLAW_HOOKS_TOKEN=hooks_token,
               # One plan hour lasts 18 s; a role silent for 30 s past its window stalls.
               AGENTEVAL_TIME_SCALE="0.005", AGENTEVAL_GRACE_S="30",
               AGENTEVAL_WATCHDOG_INTERVAL_S="1")
    return env


def user_config(gateway_port: int, llm_url: str) -> dict[str, Any]:
    """What a user already has in openclaw.json before installing AgentEval's skills: a
    gateway, a model provider (here the scripted one) and an agent of their own."""
    return {
        "gateway": {"mode": "local", "port": gateway_port, "bind": "loopback",
                    "auth": {"mode": "token", "token": "gateway-token-for-the-e2e-test"}},
        "models": {"providers": {"scripted": {
            "baseUrl": llm_url, "apiKey": "scripted-key", "api": "openai-completions",
            "models": [{"id": "agent", "name": "Scripted agent", "contextWindow": 128000,
                        "maxTokens": 4096}]}}},
        "agents": {"defaults": {"model": "scripted/agent"},
                   "entries": {"main": {"name": "My own agent"}}},
    }


def openclaw_env(path_entries: str, home: Path, state_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTEVAL_", "OPENCLAW_"))}
    env.update(PATH=f"{path_entries}:{env.get('PATH', '')}", HOME=str(home),
               OPENCLAW_STATE_DIR=str(state_dir),
               OPENCLAW_CONFIG_PATH=str(state_dir / "openclaw.json"))
    return env


def agenteval_cli(*args: str, env: dict[str, str] | None = None
                  ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "agenteval.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300,
                          env=env or dict(os.environ))
