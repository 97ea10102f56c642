"""The CI gate (`agenteval run`) end to end against the demo bot examples: exit codes 0/1/2/3."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from agenteval.cli_run import run_command

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
BOOKING = str(EXAMPLES / "scenarios" / "booking.json")
DEMO = str(EXAMPLES / "targets" / "demo.json")


def test_a_run_above_the_bar_exits_0_and_writes_both_reports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, as_json = tmp_path / "report.md", tmp_path / "run.json"
    code = run_command(BOOKING, DEMO, repeat=2, concurrency=4, fail_under=0.4,
                       report=str(report), json_out=str(as_json))
    assert code == 0
    out, err = capsys.readouterr()
    assert "pass rate" in out and "40.0%" in out
    assert "10/10" in err and "COMPLETED" in err
    assert report.read_text().startswith("# Run report:")
    data = json.loads(as_json.read_text())
    assert data["run"]["status"] == "COMPLETED"
    assert data["summary"]["total_cases"] == 10 and data["summary"]["pass_hat_k"] == 0.4
    passed = {o["caseKey"] for o in data["outcomes"] if o["passed"]}
    assert passed == {"booking-zh-complete", "booking-en-complete"}


def test_a_pass_rate_below_the_bar_exits_1() -> None:
    assert run_command(BOOKING, DEMO, fail_under=0.8) == 1


@pytest.mark.parametrize("scenario_text", ["{not json", '{"name": "x", "cases": []}'])
def test_a_bad_scenario_exits_2_and_names_the_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario_text: str) -> None:
    scenario = tmp_path / "bad.json"
    scenario.write_text(scenario_text)
    assert run_command(str(scenario), DEMO) == 2
    assert "error: invalid input" in capsys.readouterr().err


def test_bad_targets_and_options_exit_2(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "target.yaml"
    target.write_text("name: x\nchannelType: http\nchannelConfig: {}\n")
    assert run_command(BOOKING, str(target)) == 2
    assert "channelConfig" in capsys.readouterr().err
    assert run_command(BOOKING, "no-such-target") == 2
    assert run_command(BOOKING, "00000000-0000-0000-0000-000000000000") == 2
    assert run_command(str(tmp_path / "missing.json"), DEMO) == 2
    assert run_command(BOOKING, DEMO, fail_under=80) == 2


def test_errors_the_run_cannot_judge_exit_3(tmp_path: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    target = tmp_path / "down.json"
    target.write_text(json.dumps({"name": "down", "channelType": "http", "channelConfig": {
        "url": f"http://127.0.0.1:{port}/chat", "reply_path": "reply", "retries": 0,
        "timeout_s": 1}}))
    database = tmp_path / "gate.db"
    assert run_command(BOOKING, str(target), database_url=f"sqlite://{database}") == 3
    assert database.exists()  # the given database was used, not a temporary one
