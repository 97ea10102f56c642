"""The CI gate (`agenteval run`) end to end against the demo bot examples: what it prints,
the files it writes, its exit codes 0/1/2/3."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from junitparser import Failure, JUnitXml

from agenteval.cli.run_gate import run_command
from agenteval.gate.terminal import QUIET, VERBOSE

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
BOOKING = str(EXAMPLES / "scenarios" / "booking.json")
RETURNS = str(EXAMPLES / "scenarios" / "returns.json")
DEMO = str(EXAMPLES / "targets" / "demo.json")
SCHEMA = json.loads((ROOT / "docs" / "run-json.schema.json").read_text(encoding="utf-8"))


def test_a_failing_gate_says_which_cases_failed_and_why(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(BOOKING, DEMO, fail_under=0.8) == 1
    out = capsys.readouterr().out
    assert "5 cases × 1 repeat = 5, concurrency 8" in out
    assert "Failures (3)" in out
    assert "✗ booking-confirms-preferred-time (attempt 0)  FAILURE  score 0.50" in out
    assert 'expected the last reply to contain "下午三点"; it does not' in out
    assert "last reply: '预约成功！" in out
    assert out.rstrip().splitlines()[-1] == "FAIL: pass rate 40.0% < 80.0% (--fail-under)"


def test_a_run_above_the_bar_exits_0_and_writes_report_json_and_junit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report, as_json, junit = tmp_path / "report.md", tmp_path / "run.json", tmp_path / "j.xml"
    code = run_command(BOOKING, DEMO, repeat=2, concurrency=4, fail_under=0.4,
                       report=str(report), json_out=str(as_json), junit=str(junit))
    assert code == 0
    out, err = capsys.readouterr()
    assert out.rstrip().splitlines()[-1] == "PASS"
    assert "progress 10/10" in err and "COMPLETED" in err
    assert report.read_text().startswith("# Run report:")
    data = json.loads(as_json.read_text())
    jsonschema.validate(data, SCHEMA)
    [entry] = data
    assert entry["run"]["status"] == "COMPLETED"
    assert entry["summary"]["totalCases"] == 10 and entry["summary"]["passHatK"] == 0.4
    # Mia is deterministic: each case passes 0 or 2 of 2, so pass^1 = pass^2 = 2/5.
    assert entry["summary"]["passHatCurve"] == [0.4, 0.4]
    assert "pass^1 40.0% · pass^2 40.0%" in out and "pass^1 40.0%" in report.read_text()
    passed = {o["caseKey"] for o in entry["outcomes"] if o["passed"]}
    assert passed == {"booking-zh-complete", "booking-en-complete"}
    assert entry["outcomes"][0]["turns"][0]["sentMessage"] == "我家空调坏了，想预约维修"
    [suite] = JUnitXml.fromfile(str(junit))
    assert suite.tests == 10 and suite.failures == 6
    failed = next(case for case in suite if case.name == "booking-asks-for-a-time [attempt 0]")
    assert isinstance(failed.result[0], Failure) and "preferred time" in failed.result[0].message


def test_several_scenarios_give_one_summary_and_one_exit_code(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "returns.json").write_text(Path(RETURNS).read_text(encoding="utf-8"))
    as_json, junit = tmp_path / "all.json", tmp_path / "all.xml"
    code = run_command([BOOKING, str(folder)], DEMO, fail_under=0.3, json_out=str(as_json),
                       junit=str(junit))
    out = capsys.readouterr().out
    names = [entry["scenario"]["name"] for entry in json.loads(as_json.read_text())]
    assert len(names) == 2 and len(list(JUnitXml.fromfile(str(junit)))) == 2
    assert "Combined" in out and "all scenarios" in out
    assert code in (0, 1) and out.rstrip().splitlines()[-1].startswith(("PASS", "FAIL: "))


def test_a_baseline_names_regressions_and_fail_on_regression_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "base.json"
    # 2 of the demo's 5 booking cases pass: without --fail-under a failing case fails the gate.
    assert run_command(BOOKING, DEMO, json_out=str(base)) == 1
    entries = json.loads(base.read_text())
    for outcome in entries[0]["outcomes"]:  # pretend every case passed last time
        outcome["successLevel"], outcome["passed"] = "SUCCESS", True
    base.write_text(json.dumps(entries))
    capsys.readouterr()
    assert run_command(BOOKING, DEMO, baseline=str(base), fail_on_regression=True) == 1
    out = capsys.readouterr().out
    assert "regressed  booking-change-of-mind: SUCCESS → FAILURE" in out
    assert "3 case(s) regressed against the baseline (--fail-on-regression)" in out


def test_quiet_prints_only_the_verdict_and_verbose_every_turn(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command(BOOKING, DEMO, fail_under=0.8, verbosity=QUIET) == 1
    out, err = capsys.readouterr()
    assert out == "FAIL: pass rate 40.0% < 80.0% (--fail-under)\n" and err == ""
    run_command(BOOKING, DEMO, verbosity=VERBOSE)
    out = capsys.readouterr().out
    assert "[4] user: '地址是朝阳区建国路 88 号'" in out and "✓ booking-zh-complete" in out


@pytest.mark.parametrize("scenario_text", ["{not json", '{"name": "x", "cases": []}'])
def test_a_bad_scenario_exits_2_and_names_the_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario_text: str) -> None:
    scenario = tmp_path / "bad.json"
    scenario.write_text(scenario_text)
    assert run_command(str(scenario), DEMO) == 2
    assert "error: invalid scenario" in capsys.readouterr().err


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
    assert run_command(BOOKING, DEMO, fail_on_regression=True) == 2
    models = tmp_path / "models.yaml"
    models.write_text("JUDGE: {base_url: http://127.0.0.1:9/v1}\n")
    assert run_command(BOOKING, DEMO, models=str(models)) == 2
    assert "JUDGE.model: is required" in capsys.readouterr().err


def unused_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_errors_the_run_cannot_judge_exit_3_and_show_their_cause(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "down.json"
    target.write_text(json.dumps({"name": "down", "channelType": "http", "channelConfig": {
        "url": f"http://127.0.0.1:{unused_port()}/chat", "reply_path": "reply", "retries": 0,
        "timeout_s": 1}}))
    database = tmp_path / "gate.db"
    assert run_command(BOOKING, str(target), database_url=f"sqlite://{database}") == 3
    assert database.exists()  # the given database was used, not a temporary one
    out = capsys.readouterr().out
    assert "target connection: 5 attempt(s)" in out and "Connect call failed" in out
    assert out.rstrip().splitlines()[-1] == ("ERROR: 5 of 5 case attempts could not be "
                                             "judged (see Errors above)")


def test_a_closed_pipe_still_writes_the_files_and_keeps_the_exit_code(tmp_path: Path) -> None:
    as_json = tmp_path / "run.json"
    code = (f"import sys; from agenteval.cli.run_gate import run_command; "
            f"sys.exit(run_command({BOOKING!r}, {DEMO!r}, fail_under=0.8, "
            f"json_out={str(as_json)!r}))")
    process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()  # the reader goes away, as with `| head -1`
    _, err = process.communicate(timeout=60)
    assert process.returncode == 1, err
    assert b"Traceback" not in err
    assert json.loads(as_json.read_text())[0]["summary"]["totalCases"] == 5


def test_the_command_line_passes_every_option_through(tmp_path: Path) -> None:
    junit = tmp_path / "j.xml"
    done = subprocess.run(
        [sys.executable, "-m", "agenteval.cli", "run", BOOKING, RETURNS, "--target", DEMO,
         "--quiet", "--junit", str(junit), "--no-cache", "--fail-under", "0.9"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith("FAIL: ") and done.stdout.count("\n") == 1
    assert len(list(JUnitXml.fromfile(str(junit)))) == 2
    assert not (tmp_path / ".agenteval-cache").exists()
    both = subprocess.run([sys.executable, "-m", "agenteval.cli", "run", BOOKING, "--target",
                           DEMO, "-q", "-v"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert both.returncode == 2 and "exclude each other" in both.stderr


def test_the_gate_applies_the_input_limits_of_the_environment(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # The server's limits hold for the gate too: booking.json has 5 cases.
    monkeypatch.setenv("AGENTEVAL_MAX_CASES", "1")
    assert run_command(BOOKING, DEMO, fail_under=0.0) == 2
    assert "error: invalid scenario" in capsys.readouterr().err


def test_the_gate_redacts_secrets_from_its_log_lines() -> None:
    # In a process of its own: redaction is process-wide, and other tests install it.
    script = (
        "import logging\n"
        "from agenteval.cli.run_gate import run_command\n"
        f"run_command({RETURNS!r}, {DEMO!r}, fail_under=0.0, verbosity=0)\n"
        "record = logging.getLogger('x').makeRecord('x', logging.WARNING, 'f', 1,\n"
        "    'password=hunter2', None, None)\n"
        "print(record.getMessage())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, check=True)
    assert done.stdout.strip().splitlines()[-1] == "password=[redacted]"
