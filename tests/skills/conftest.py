"""Fixtures for the OpenClaw skills: the canonical client and a scripted GraphQL server.

The fake server is stdlib `http.server` in a thread because the client is a
synchronous stdlib script run as a subprocess, exactly as OpenClaw runs it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SKILLS_DIR = Path(__file__).resolve().parents[2] / "skills"
CLIENT_PATH = SKILLS_DIR / "_client" / "agenteval.py"
API_KEY = "agent-key-for-tests"


def load_module(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def client() -> ModuleType:
    """The canonical client imported as a module (for its documents and pure logic)."""
    return load_module(CLIENT_PATH, "agenteval_skill_client")


@pytest.fixture(scope="session")
def sync_script() -> ModuleType:
    """skills/sync.py imported as a module."""
    return load_module(SKILLS_DIR / "sync.py", "agenteval_skills_sync")


@dataclass
class Reply:
    """One scripted HTTP answer: a JSON `body` (or raw `text`) after `delay_s`."""

    body: Any = None
    status: int = 200
    text: str | None = None
    delay_s: float = 0.0


@dataclass
class Recorded:
    headers: dict[str, str]  # names lowercased
    body: dict[str, Any]

    @property
    def query(self) -> str:
        return self.body["query"]

    @property
    def variables(self) -> dict[str, Any]:
        return self.body["variables"]


class FakeGraphQLServer:
    """Answers POSTs from a queue of `Reply`s (then {"data": {}}), recording every request."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[Recorded] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length))
                server.requests.append(Recorded({k.lower(): v for k, v in self.headers.items()}, body))
                reply = server.replies.pop(0) if server.replies else Reply({"data": {}})
                time.sleep(reply.delay_s)
                payload = (reply.text if reply.text is not None
                           else json.dumps(reply.body, ensure_ascii=False)).encode("utf-8")
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: Any) -> None:
                pass

        self._http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._http.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}/graphql"
        self._thread = threading.Thread(target=self._http.serve_forever, args=(0.05,),
                                        daemon=True)

    def script(self, *bodies: dict[str, Any]) -> None:
        """Queue 200 answers with these JSON bodies."""
        self.replies.extend(Reply(body) for body in bodies)

    def respond(self, body: Any = None, status: int = 200, text: str | None = None,
                delay_s: float = 0.0) -> None:
        """Queue one answer with any status, a raw `text` body or a delay."""
        self.replies.append(Reply(body, status, text, delay_s))

    def __enter__(self) -> FakeGraphQLServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.shutdown()
        self._http.server_close()


@pytest.fixture
def server() -> Iterator[FakeGraphQLServer]:
    with FakeGraphQLServer() as fake:
        yield fake


def _run_client(url: str | None, *args: str, cwd: Path | None = None,
               api_key: str | None = API_KEY,
               python: str = sys.executable) -> subprocess.CompletedProcess[str]:
    """Run the canonical client as OpenClaw would: a subprocess with env settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AGENTEVAL_")}
    if url is not None:
        env["AGENTEVAL_API_URL"] = url
    if api_key is not None:
        env["AGENTEVAL_API_KEY"] = api_key
    env["PYTHONIOENCODING"] = "ascii"  # the client must write UTF-8 whatever the locale
    return subprocess.run([python, str(CLIENT_PATH), *args], capture_output=True, cwd=cwd,
                          env=env, timeout=60, text=True, encoding="utf-8")


@pytest.fixture
def run_client() -> Any:
    """`run_client(url, *args, cwd=None, api_key=API_KEY)` → CompletedProcess (text)."""
    return _run_client
