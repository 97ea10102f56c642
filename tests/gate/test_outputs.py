"""JUnit XML read back by a JUnit library, the JSON checked against its schema, baselines."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import jsonschema
from junitparser import Error, Failure, JUnitXml

from agenteval.engine.static.run_document import json_report
from agenteval.gate.baseline import (
    BadBaseline,
    compare,
    compare_entry,
    load_baseline,
    regression_count,
    render_comparison,
)
from agenteval.gate.junit import junit_xml
from agenteval.gate.verdict import decide
from tests.gate.samples import booking_result

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "run-json.schema.json"


def test_junit_has_one_suite_per_scenario_and_one_testcase_per_attempt(tmp_path: Path) -> None:
    path = tmp_path / "junit.xml"
    path.write_text(junit_xml([booking_result("a"), booking_result("b", repeat=2)]),
                    encoding="utf-8")
    xml = JUnitXml.fromfile(str(path))
    suites = list(xml)
    assert [suite.name for suite in suites] == ["a", "b"]
    assert suites[0].tests == 4 and suites[0].failures == 1 and suites[0].errors == 1
    cases = {case.name: case for case in suites[0]}
    assert set(cases) == {"ok", "time", "partial", "down"}
    assert cases["ok"].is_passed and cases["partial"].is_passed
    [failure] = cases["time"].result
    assert isinstance(failure, Failure)
    assert "下午三点" in failure.message and failure.message.startswith("FAILURE (score 0.50)")
    [error] = cases["down"].result
    assert isinstance(error, Error) and "Connect call failed" in error.message
    assert "预约成功，单号 RP00001" in (cases["time"].system_out or "")
    # People read turns from 1; the JSON report below keeps the API's 0-based index.
    assert (cases["time"].system_out or "").startswith("[1] user: ")
    assert {case.name for case in suites[1]} >= {"ok [attempt 0]"}


def test_the_json_is_camel_case_with_turns_and_rules_and_matches_its_schema() -> None:
    document = json.loads(json.dumps(json_report([booking_result()])))
    jsonschema.validate(document, json.loads(SCHEMA.read_text(encoding="utf-8")))
    [entry] = document
    assert entry["summary"]["passRate"] == 0.5 and "pass_rate" not in entry["summary"]
    partial = next(o for o in entry["outcomes"] if o["caseKey"] == "partial")
    assert partial["completionRate"] == 0.6
    assert partial["turns"][0] == {"index": 0, "sentMessage": "book a repair",
                                   "reply": "booked", "latencyMs": 12, "error": None,
                                   "rawResponse": None, "toolCalls": None}
    # detail is copied verbatim: its keys stay as the rule wrote them
    assert partial["results"][0]["detail"]["completion_rate"] == 0.6


def test_a_baseline_names_regressions_improvements_and_metric_deltas() -> None:
    before = json.loads(json.dumps(json_report([booking_result(levels={"partial": "SUCCESS"})])))
    now = booking_result(levels={"time": "SUCCESS"})
    [comparison] = compare([now], load_baseline(json.dumps(before), "base.json"))
    assert [c.case_key for c in comparison.regressions] == ["partial"]
    assert [c.case_key for c in comparison.improvements] == ["time"]
    text = render_comparison([comparison])
    assert "regressed  partial: SUCCESS → PARTIAL" in text
    assert "improved   time: FAILURE → SUCCESS" in text
    # one case passes only now (time), none only before: exact McNemar p = 1
    assert "pass rate        50.0% → 75.0%  (+25.0 pt), not significant (p = 1.00)" in text
    clean = replace(now, summary=replace(now.summary, error_count=0))
    # 75 % pass: --fail-under 0.5 lets the pass rate through, so only the regression decides.
    assert decide([clean], 0.5, regression_count([comparison]), True).code == 1
    assert decide([clean], 0.5, regression_count([comparison]), False).code == 0


def test_a_baseline_says_how_many_regressions_are_flaky() -> None:
    before = json.loads(json.dumps(json_report([booking_result(levels={"partial": "SUCCESS"})])))
    # "partial" now fails in one attempt of three and passes in two: still its majority passes,
    # but it regressed (standing fell) and its attempts disagree.
    now = json.loads(json.dumps(json_report([booking_result(levels={"partial": "SUCCESS"})])))
    outcomes = now[0]["outcomes"]
    partial = next(o for o in outcomes if o["caseKey"] == "partial")
    outcomes += [{**partial, "attempt": 1}, {**partial, "attempt": 2, "successLevel": "FAILURE"}]
    comparison = compare_entry(before[0], now[0])
    assert [c.case_key for c in comparison.regressions] == ["partial"]
    assert comparison.flaky_regressions == 1
    assert "1 regression(s) (1 flaky), 0 improvement(s)" in render_comparison([comparison])


def test_baselines_match_scenarios_by_name() -> None:
    base = json.dumps(json_report([booking_result("other")]))
    [comparison] = compare([booking_result("booking")], load_baseline(base, "b.json"))
    assert not comparison.found
    assert "not in the baseline" in render_comparison([comparison])


def test_a_file_that_is_not_a_gate_json_is_refused() -> None:
    for text in ("{", '{"run": {}}', "[1]"):
        try:
            load_baseline(text, "b.json")
        except BadBaseline as exc:
            assert "b.json" in str(exc)
        else:
            raise AssertionError(f"accepted {text!r}")


def test_importing_the_terminal_output_does_not_import_rich() -> None:
    code = ("import sys, agenteval.gate.terminal, agenteval.gate.junit; "
            "print('rich' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


def test_the_json_summary_carries_the_flip_rate_of_repeated_cases() -> None:
    from agenteval.domain.static.run_summary import OutcomeRecord, summarise
    from agenteval.engine.static.run_document import summary_json

    records = [OutcomeRecord("coin", 0, "SUCCESS", True), OutcomeRecord("coin", 1, "FAILURE", False),
               OutcomeRecord("steady", 0, "SUCCESS", True),
               OutcomeRecord("steady", 1, "SUCCESS", True)]
    summary = summary_json(summarise(records, repeat=2))
    assert summary["flipRate"] == 0.5
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(summary, {"$defs": schema["$defs"], "$ref": "#/$defs/summary"})
