"""`agenteval import` end to end: the table on stderr, the scenario written, exit codes, and
an imported scenario run by the gate against the demo bot (failing where Mia's flaw is)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from agenteval.cli import main
from agenteval.cli.run_gate import run_command
from tests.importers.conftest import FIXTURES

DEMO = str(Path(__file__).resolve().parents[2] / "examples" / "targets" / "demo.json")


def test_imported_promptfoo_scenario_runs_in_the_gate_against_the_demo_bot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "imported.yaml"
    done = CliRunner().invoke(main, ["import", "--from", "promptfoo",
                                     str(FIXTURES / "promptfoo_demo.yaml"), "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert "assert javascript" in done.stderr and "dropped" in done.stderr
    assert "promptfoo: 4 cases" in done.stderr
    assert [c["id"] for c in yaml.safe_load(out.read_text())["cases"]] == [
        "repair-asks-for-the-name", "repair-conversation", "change-of-mind-mid-flow",
        "computed-check"]
    as_json = tmp_path / "run.json"
    assert run_command(str(out), DEMO, json_out=str(as_json)) == 1  # a case fails (below)
    outcomes = {o["caseKey"]: o for o in json.loads(as_json.read_text())[0]["outcomes"]}
    assert outcomes["repair-conversation"]["passed"]
    # Mia ignores a change of mind mid-flow (the demo's flaw 4): the imported check sees it.
    failed = outcomes["change-of-mind-mid-flow"]
    assert not failed["passed"]
    assert [(r["ruleType"], r["turnIndex"]) for r in failed["results"] if not r["passed"]] == [
        ("expect_contains", 1)]
    assert "Failures (1)" in capsys.readouterr().out


def test_nothing_importable_and_bad_input_have_their_exit_codes(tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("tests:\n  - vars: {message: hi}\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["import", "--from", "promptfoo", str(empty)])
    assert done.exit_code == 1
    assert "flagged" in done.stderr and "nothing written" in done.stderr
    done = CliRunner().invoke(main, ["import", "--from", "promptfoo", str(tmp_path / "no")])
    assert done.exit_code == 2 and "no such file" in done.stderr
    done = CliRunner().invoke(main, ["import", "--from", "botium", "--as", "seeds",
                                     str(empty)])
    assert done.exit_code == 2 and "--as seeds is for deepeval and tau2" in done.stderr


def test_seeds_are_written_as_json(tmp_path: Path) -> None:
    out = tmp_path / "seeds.json"
    done = CliRunner().invoke(main, ["import", "--from", "deepeval", "--as", "seeds",
                                     str(FIXTURES / "deepeval_goldens.json"), "--out", str(out)])
    assert done.exit_code == 0, done.output
    seeds = json.loads(out.read_text())
    assert [g["goal"][:20] for g in seeds["goals"]] == [
        "The user's washing m", "The user wants to re", "The user just says h"]


def test_the_imported_botium_fixtures_run_in_the_gate_without_errors(
        botium_fixtures: Path, tmp_path: Path) -> None:
    out = tmp_path / "botium.json"
    done = CliRunner().invoke(main, ["import", "--from", "botium", str(botium_fixtures),
                                     "--out", str(out)])
    assert done.exit_code == 0, done.output
    as_json = tmp_path / "run.json"
    # Botium's fixtures talk to its own echo bots: against Mia most fail, none errs.
    assert run_command(str(out), DEMO, json_out=str(as_json), verbosity=0) == 1  # 3 = errors
    outcomes = json.loads(as_json.read_text())[0]["outcomes"]
    assert len(outcomes) == 73
    assert not [o for o in outcomes if o["error"]]
