"""The CI gate (`agenteval run`) against a bot whose replies hold a lone surrogate and a NUL:
the run completes, judged on the cleaned text, and its JSON says what was replaced."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from agenteval.cli.run_gate import run_command


class _OddBot(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        body = b'{"reply": "half \\ud83d emoji\\u0000 ok"}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return


@pytest.fixture
def odd_bot() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _OddBot)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/chat"
    finally:
        server.shutdown()


def test_the_gate_judges_odd_replies_and_completes(odd_bot: str, tmp_path: Path) -> None:
    scenario, target, out = tmp_path / "s.json", tmp_path / "t.json", tmp_path / "run.json"
    scenario.write_text(json.dumps({"name": "odd", "cases": [
        {"id": f"c{i}", "messages": ["hi"], "expectation": {"contains": "emoji"}}
        for i in range(3)]}))
    target.write_text(json.dumps({"name": "odd bot", "channelType": "http", "channelConfig": {
        "url": odd_bot, "reply_path": "reply", "retries": 0}}))
    assert run_command(str(scenario), str(target), fail_under=1.0, json_out=str(out)) == 0
    [entry] = json.loads(out.read_text())
    assert entry["run"]["status"] == "COMPLETED"
    assert [o["turns"][0]["reply"] for o in entry["outcomes"]] == ["half \ufffd emoji ok"] * 3
    assert [o["turns"][0]["sanitized"] for o in entry["outcomes"]] == \
        [["lone_surrogate", "nul"]] * 3
