"""The gate around its run step: options checked first, files written, one exit code."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from junitparser import JUnitXml

from agenteval.engine.static.run_document import ScenarioResult, json_report
from agenteval.gate.console import Console
from agenteval.gate.flow import GateOptions, finish, load_checked_baseline, run_scenarios
from agenteval.gate.inputs import BadInput
from tests.gate.samples import booking_result


def clean(name: str, **levels: str) -> ScenarioResult:
    result = booking_result(name, levels)
    return replace(result, summary=replace(result.summary, error_count=0),
                   report_markdown=f"# Run report: {name}\n")


def test_options_are_checked_before_anything_runs(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="between 0 and 1"):
        load_checked_baseline(GateOptions(fail_under=80))
    with pytest.raises(BadInput, match="needs --baseline"):
        load_checked_baseline(GateOptions(fail_on_regression=True))
    bad = tmp_path / "base.json"
    bad.write_text('{"run": 1}')
    with pytest.raises(BadInput, match="not a gate --json entry"):
        load_checked_baseline(GateOptions(baseline=str(bad)))
    with pytest.raises(BadInput, match="cannot read the baseline"):
        load_checked_baseline(GateOptions(baseline=str(tmp_path / "none.json")))


async def test_several_scenarios_give_one_summary_files_with_an_entry_each_and_one_code(
        tmp_path: Path) -> None:
    stream = io.StringIO()
    out = Console(stream)
    outcomes = {"a.json": clean("a", time="SUCCESS", partial="SUCCESS"), "b.json": clean("b")}

    async def run(path: Path, console: Console) -> ScenarioResult:
        return outcomes[path.name]

    options = GateOptions(fail_under=0.6, report=str(tmp_path / "r.md"),
                          json_out=str(tmp_path / "r.json"), junit=str(tmp_path / "j.xml"))
    results = await run_scenarios([Path("a.json"), Path("b.json")], run, out, options)
    code = finish(results, options, out, None)
    text = stream.getvalue()
    assert code == 1
    assert "Combined" in text and "all scenarios" in text
    assert text.rstrip().splitlines()[-1] == "FAIL: b: pass rate 50.0% < 60.0% (--fail-under)"
    assert [e["scenario"]["name"] for e in json.loads((tmp_path / "r.json").read_text())] == \
        ["a", "b"]
    assert [suite.name for suite in JUnitXml.fromfile(str(tmp_path / "j.xml"))] == ["a", "b"]
    assert (tmp_path / "r.md").read_text() == "# Run report: a\n\n---\n\n# Run report: b\n"


def test_a_regression_against_the_baseline_fails_only_when_asked(tmp_path: Path) -> None:
    base = tmp_path / "base.json"
    base.write_text(json.dumps(json_report([clean("a", partial="SUCCESS")])))
    results = [clean("a")]
    for fail_on_regression, expected in ((False, 0), (True, 1)):
        stream = io.StringIO()
        options = GateOptions(baseline=str(base), fail_on_regression=fail_on_regression,
                              fail_under=0.0)  # the failing case is not what is tested
        assert finish(results, options, Console(stream),
                      load_checked_baseline(options)) == expected
        assert "regressed  partial: SUCCESS → PARTIAL" in stream.getvalue()


class ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_stdout_still_writes_the_files_and_keeps_the_code(tmp_path: Path) -> None:
    options = GateOptions(fail_under=0.9, json_out=str(tmp_path / "r.json"),
                          junit=str(tmp_path / "j.xml"))
    assert finish([clean("a")], options, Console(ClosedPipe()), None) == 1
    assert (tmp_path / "r.json").exists() and (tmp_path / "j.xml").exists()
