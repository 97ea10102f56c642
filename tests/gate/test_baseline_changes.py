"""`--baseline` after a scenario edit: the edited case is said and not compared; a baseline
written before case hashes were recorded is "unknown", never "unchanged"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agenteval.cli.run_gate import run_command

ROOT = Path(__file__).resolve().parents[2]
BOOKING = ROOT / "examples" / "scenarios" / "booking.json"
DEMO = str(ROOT / "examples" / "targets" / "demo.json")


def edited_booking(tmp_path: Path) -> str:
    """booking.json with one failing case's expectation relaxed: Mia's replies are unchanged."""
    scenario = json.loads(BOOKING.read_text(encoding="utf-8"))
    [case] = [c for c in scenario["cases"] if c["id"] == "booking-confirms-preferred-time"]
    case["expectation"] = {"contains": "预约成功"}
    path = tmp_path / "booking.json"
    path.write_text(json.dumps(scenario, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_every_outcome_records_its_case_and_judge_hashes(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    run_command(str(BOOKING), DEMO, json_out=str(out))
    outcomes = json.loads(out.read_text())[0]["outcomes"]
    assert all(len(o["caseHash"]) == 16 for o in outcomes)
    assert len({o["caseHash"] for o in outcomes}) == len(outcomes)
    assert all(o["judgeHash"] is None for o in outcomes)  # no model judged these rules


def test_an_edited_case_is_named_and_not_an_improvement(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "base.json"
    run_command(str(BOOKING), DEMO, json_out=str(base))
    capsys.readouterr()
    run_command(edited_booking(tmp_path), DEMO, baseline=str(base))
    out = capsys.readouterr().out
    assert "warning    1 of 5 cases changed between these runs (1 in definition)" in out
    assert "changed    booking-confirms-preferred-time: its definition (not compared)" in out
    assert "improved" not in out


def test_a_baseline_without_hashes_is_unknown_not_unchanged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "base.json"
    run_command(str(BOOKING), DEMO, json_out=str(base))
    entries = json.loads(base.read_text())
    for outcome in entries[0]["outcomes"]:  # a file from before hashes were recorded
        del outcome["caseHash"], outcome["judgeHash"]
    base.write_text(json.dumps(entries))
    capsys.readouterr()
    run_command(edited_booking(tmp_path), DEMO, baseline=str(base))
    out = capsys.readouterr().out
    assert ("warning    the baseline records no case definitions (written before they were "
            "recorded): whether its 5 shared cases changed is unknown") in out
    assert "improved   booking-confirms-preferred-time" in out  # compared, with the warning
