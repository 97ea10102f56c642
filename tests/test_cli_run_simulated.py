"""Simulated cases in the CI gate against the demo bot: played by a script without any
model, and by a SIMULATOR model served by a local OpenAI-compatible server (which says
when it is done, or fails with HTTP 500)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from agenteval.cli.run_gate import run_command
from agenteval.drivers.builtin.users import ModelUser
from agenteval.llm import ModelEndpoint
from agenteval.llm.client import ModelClient
from tests.support.fake_llm_server import Respond
from tests.test_cli_run_llm import llm_server_in_thread

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SCRIPTED = str(EXAMPLES / "scenarios" / "simulated_users.json")
WITH_MODEL = str(EXAMPLES / "scenarios" / "simulated_users_llm.json")
DEMO = str(EXAMPLES / "targets" / "demo.json")
_CUSTOMER = re.compile(r"^\[turn (\d+)\] customer: ", re.MULTILINE)


def simulated_customer(body: Any) -> str:
    """Plays the two personas of the example: says the next fact, then that it is done."""
    system, conversation = (m["content"] for m in body["messages"])
    said = len(_CUSTOMER.findall(conversation))
    if "老王" in system:
        facts = ["我叫王伟", "电话是 13800138000", "地址是朝阳区建国路 88 号"]
        answer = {"message": facts[said - 1], "done": False, "reason": None} \
            if 0 < said <= len(facts) else {"message": "", "done": True, "reason": "预约成功"}
    elif said == 0:
        answer = {"message": "I want to return my washing machine, it leaks", "done": False,
                  "reason": None}
    else:
        answer = {"message": "", "done": True, "reason": "goal reached: the agent took the "
                                                         "return request"}
    return json.dumps(answer, ensure_ascii=False)


@pytest.fixture
def no_simulator(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for role in ("JUDGE", "EMBEDDING", "MODERATION", "SIMULATOR"):
        for suffix in ("MODEL", "BASE_URL", "API_KEY"):
            monkeypatch.delenv(f"AGENTEVAL_{role}_{suffix}", raising=False)
    return monkeypatch


RUN_JSON_SCHEMA = json.loads((EXAMPLES.parent / "docs" / "run-json.schema.json").read_text())


def _outcomes(path: Path) -> dict[str, dict[str, Any]]:
    """The --json file's outcomes by case key, the file checked against its JSON Schema."""
    document = json.loads(path.read_text())
    jsonschema.validate(document, RUN_JSON_SCHEMA)
    [entry] = document
    return {o["caseKey"]: o for o in entry["outcomes"]}


def test_a_scripted_simulated_case_runs_without_a_model_and_fails_for_the_bots_flaw(
        no_simulator: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    report, out_json = tmp_path / "report.md", tmp_path / "out.json"
    assert run_command([SCRIPTED], DEMO, json_out=str(out_json), report=str(report),
                       fail_under=0.9) == 1
    outcomes = _outcomes(out_json)
    booking = outcomes["sim-booking-zh-scripted"]
    assert booking["passed"] and booking["simulation"] == {
        "simulator": "script", "model": None, "stop": "phrase", "detail": "预约成功",
        "turns": 4}
    assert [t["author"] for t in booking["turns"]] == ["case", "script", "script", "script"]
    changed = outcomes["sim-change-of-mind-en-scripted"]
    assert not changed["passed"] and changed["simulation"]["stop"] == "script_end"
    stdout = capsys.readouterr().out
    failures = stdout.split("Failures (1)")[1]
    assert "simulated by script (follow_ups): 2 turns; ended: the script's last follow-up" \
        in failures
    assert "[2] scripted user: 'actually I want to return it instead'" in failures
    markdown = report.read_text()
    assert "**Scripted user [2]:** actually I want to return it instead" in markdown
    assert "Simulated dialog: simulated by script" in markdown


def test_a_case_that_needs_a_simulator_is_refused_without_one(
        no_simulator: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command([WITH_MODEL], DEMO) == 2
    err = capsys.readouterr().err
    assert "cases[0].simulator: this simulated case needs a SIMULATOR model" in err
    assert "cases[1].simulator" in err and "AGENTEVAL_SIMULATOR_MODEL" in err


def test_the_simulator_model_writes_the_turns_with_the_drivers_prompt_until_it_is_done(
        no_simulator: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    out_json = tmp_path / "out.json"
    with llm_server_in_thread() as server:
        server.responders["chat"] = simulated_customer
        no_simulator.setenv("AGENTEVAL_SIMULATOR_BASE_URL", server.url)
        no_simulator.setenv("AGENTEVAL_SIMULATOR_MODEL", "sim-model")
        assert run_command([WITH_MODEL], DEMO, json_out=str(out_json)) == 0
        requests = [r.body for r in server.requests_to("chat")]
    outcomes = _outcomes(out_json)
    booking = outcomes["sim-booking-zh-model"]
    assert [(t["author"], t["sentMessage"]) for t in booking["turns"]] == [
        ("case", "我家空调坏了，想预约维修"), ("simulator", "我叫王伟"),
        ("simulator", "电话是 13800138000"), ("simulator", "地址是朝阳区建国路 88 号")]
    assert booking["passed"] and booking["simulation"]["stop"] == "phrase"
    returning = outcomes["sim-return-en-model"]
    assert [t["author"] for t in returning["turns"]] == ["simulator"]
    assert returning["simulation"] == {
        "simulator": "model", "model": "sim-model", "stop": "simulator_done",
        "detail": "goal reached: the agent took the return request", "turns": 1}
    # The same prompt as the built-in driver's model user, persona, goal and facts alike.
    case = json.loads(Path(WITH_MODEL).read_text())["cases"][0]
    client = ModelClient(ModelEndpoint(role="SIMULATOR", model="m", base_url=server.url))
    driver_prompt = ModelUser(client, case["persona"], case["goal"],
                              case["follow_ups"]).system_prompt()
    assert requests[0]["messages"][0]["content"] == driver_prompt
    assert "simulated_turn" in json.dumps(requests[0]["response_format"])


def test_a_failing_simulator_is_an_error_of_the_case_never_a_pass(
        no_simulator: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    out_json, models = tmp_path / "out.json", tmp_path / "models.yaml"
    with llm_server_in_thread() as server:
        server.responders["chat"] = lambda body: Respond(status=500)
        models.write_text(f"SIMULATOR:\n  base_url: {server.url}\n  model: sim-model\n"
                          "  params: {retries: 0}\n")
        assert run_command([WITH_MODEL], DEMO, json_out=str(out_json), models=str(models)) == 3
    outcomes = _outcomes(out_json)
    booking = outcomes["sim-booking-zh-model"]  # the opening was sent, then the model failed
    assert booking["error"].startswith("after turn 1: simulator model failed")
    assert not booking["passed"] and booking["results"] == []
    assert booking["simulation"]["stop"] == "simulator_failed"
    assert outcomes["sim-return-en-model"]["error"].startswith(
        "before turn 1: simulator model failed")
    assert "simulator model" in capsys.readouterr().out
