"""The CI gate against the demo bot on the issue-25 examples: per-turn checks shown at their
turn with the reply they judged, and `json_path` action checks over a real HTTP bot's JSON."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from aiohttp import web
from junitparser import JUnitXml

from agenteval.cli.run_gate import run_command
from agenteval.demo_bot.server import create_app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PER_TURN = str(EXAMPLES / "scenarios" / "per_turn_checks.json")
ACTIONS = str(EXAMPLES / "scenarios" / "actions_json.json")
DEMO = str(EXAMPLES / "targets" / "demo.json")
SCHEMA = json.loads((ROOT / "docs" / "run-json.schema.json").read_text(encoding="utf-8"))


def test_per_turn_checks_fail_at_their_turn_and_show_the_reply_they_judged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    as_json, junit, report = tmp_path / "run.json", tmp_path / "j.xml", tmp_path / "r.md"
    assert run_command(PER_TURN, DEMO, fail_under=0.6, json_out=str(as_json),
                       junit=str(junit), report=str(report)) == 0
    out = capsys.readouterr().out
    failures = out[out.index("Failures (1)"):]
    assert "✗ repair-then-return-mid-flow (attempt 0)  FAILURE" in failures
    assert ('FAIL expect_contains at turn 3: expected the reply to contain "return"; '
            "it does not\n        reply at turn 3: 'What phone number can our technician "
            "reach you on?'") in failures
    data = json.loads(as_json.read_text())
    jsonschema.validate(data, SCHEMA)
    outcomes = {o["caseKey"]: o for o in data[0]["outcomes"]}
    assert outcomes["repair-asks-each-detail-in-turn"]["passed"]
    failed = outcomes["repair-then-return-mid-flow"]
    assert [(r["ruleType"], r["turnIndex"]) for r in failed["results"] if not r["passed"]] == [
        ("keyword_match", None), ("expect_contains", 2), ("expect_not_contains", 2),
        ("keyword_match", 2)]
    assert failed["turns"][2]["rawResponse"]["actions"] == []
    [suite] = JUnitXml.fromfile(str(junit))
    case = next(c for c in suite if c.name == "repair-then-return-mid-flow")
    assert ('expect_contains: at turn 3, reply "What phone number can our technician reach '
            'you on?": expected the reply to contain "return"') in case.result[0].text
    assert "| expect_contains (turn 3) | yes | fail |" in report.read_text()


@pytest.fixture
def http_demo_bot() -> Iterator[str]:
    """The demo bot's real HTTP server (`agenteval demo-bot`) on a free port, in a thread."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    loop = asyncio.new_event_loop()
    runner = web.AppRunner(create_app())
    loop.run_until_complete(runner.setup())
    loop.run_until_complete(web.TCPSite(runner, "127.0.0.1", port).start())
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}/chat"
    finally:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def test_action_checks_read_the_http_bots_json_body(
        http_demo_bot: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = json.loads((EXAMPLES / "targets" / "demo_http.json").read_text())
    target["channelConfig"]["url"] = http_demo_bot
    target_file = tmp_path / "target.json"
    target_file.write_text(json.dumps(target))
    as_json = tmp_path / "run.json"
    assert run_command(ACTIONS, str(target_file), fail_under=0.9,
                       json_out=str(as_json)) == 1
    out = capsys.readouterr().out
    assert ("FAIL json_path: expected actions[?kind=='return'] (raw JSON) to give a value; "
            "got []") in out
    outcomes = {o["caseKey"]: o for o in json.loads(as_json.read_text())[0]["outcomes"]}
    assert outcomes["return-creates-a-return-ticket"]["passed"]
    assert outcomes["no-ticket-before-the-details"]["passed"]
    assert not outcomes["switch-to-return-creates-a-return-ticket"]["passed"]
    last = outcomes["return-creates-a-return-ticket"]["turns"][-1]["rawResponse"]
    assert last["actions"][0]["kind"] == "return" and "session_id" in last


TOOLS = str(EXAMPLES / "scenarios" / "tool_calls.json")


def test_tool_call_checks_against_a_local_openai_compatible_server_that_calls_tools(
        http_demo_bot: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = json.loads((EXAMPLES / "targets" / "demo_openai_tools.json").read_text())
    target["channelConfig"]["base_url"] = http_demo_bot.removesuffix("/chat") + "/v1"
    target_file = tmp_path / "target.json"
    target_file.write_text(json.dumps(target))
    as_json = tmp_path / "run.json"
    assert run_command(TOOLS, str(target_file), fail_under=0.9, json_out=str(as_json)) == 1
    out = capsys.readouterr().out
    assert ("FAIL tool_call: create_ticket was never called "
            "(calls: none)") in out
    outcomes = {o["caseKey"]: o for o in json.loads(as_json.read_text())[0]["outcomes"]}
    assert outcomes["return-calls-create-ticket-once"]["passed"]
    assert outcomes["repair-books-only-with-all-details"]["passed"]
    assert not outcomes["switch-to-return-calls-create-ticket"]["passed"]


def test_tool_calls_are_captured_per_turn_and_the_model_continues_with_the_case_result(
        http_demo_bot: str, tmp_path: Path) -> None:
    target = json.loads((EXAMPLES / "targets" / "demo_openai_tools.json").read_text())
    target["channelConfig"]["base_url"] = http_demo_bot.removesuffix("/chat") + "/v1"
    target_file = tmp_path / "target.json"
    target_file.write_text(json.dumps(target))
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"name": "tools", "cases": [{
        "id": "return", "messages": ["I want to return my kettle", "it leaks"],
        "tool_results": {"create_ticket": {"ok": True}},
        # fails on purpose, so the gate keeps the turns in --json
        "eval_rules": [{"type": "tool_call", "params": {"name": "create_ticket",
                                                        "called": False}}]}]}))
    as_json = tmp_path / "run.json"
    run_command(str(scenario), str(target_file), json_out=str(as_json))
    [outcome] = json.loads(as_json.read_text())[0]["outcomes"]
    turns = outcome["turns"]
    assert turns[0]["toolCalls"] == []
    assert turns[1]["toolCalls"] == [{"name": "create_ticket", "arguments": {"kind": "return"}}]
    assert turns[1]["reply"].startswith("OK, return accepted")  # the answer after the tool result
