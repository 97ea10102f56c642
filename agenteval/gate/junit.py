"""JUnit XML for CI systems (GitLab, Jenkins, GitHub): one testsuite per scenario.

One testcase per case attempt (`name` = the case id, with the attempt when
repeat > 1; `classname` = the scenario). A judged attempt that did not pass
is a <failure> whose message names each failing rule's reason; an attempt
that could not be judged (target error, rule that could not run) is an
<error>. The conversation goes to <system-out>, so the CI page shows what
the bot said. `time` is the target's latency over the attempt's turns.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from agenteval.domain.static.outcome_explanation import failing_rules, located_reason
from agenteval.domain.static.run_views import OutcomeView
from agenteval.domain.static.simulation_text import (
    author_label,
    deviation_line,
    simulation_line,
)
from agenteval.domain.turn_numbers import turn_number
from agenteval.engine.static.run_document import ScenarioResult


def junit_xml(results: Sequence[ScenarioResult]) -> str:
    """The whole report as an XML document (UTF-8 declared)."""
    root = ET.Element("testsuites", name="agenteval")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for result in results:
        suite = _suite(result)
        root.append(suite)
        for key in totals:
            totals[key] += int(suite.get(key, "0"))
    for key, value in totals.items():
        root.set(key, str(value))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") \
        + "\n"


def _suite(result: ScenarioResult) -> ET.Element:
    outcomes = [attempt.view for attempt in result.attempts]
    suite = ET.Element("testsuite", name=result.scenario_name)
    suite.set("tests", str(len(outcomes)))
    suite.set("failures", str(sum(1 for o in outcomes if not o["passed"] and not o["error"])))
    suite.set("errors", str(sum(1 for o in outcomes if o["error"])))
    suite.set("skipped", "0")
    suite.set("time", f"{sum(_seconds(o) for o in outcomes):.3f}")
    properties = ET.SubElement(suite, "properties")
    for name, value in (("scenario_file", result.source), ("target", result.target_name),
                        ("run_id", result.run_id), ("run_status", result.status),
                        ("repeat", str(result.repeat))):
        ET.SubElement(properties, "property", name=name, value=value)
    if result.status != "COMPLETED" and result.error:
        ET.SubElement(suite, "system-err").text = f"run {result.status}: {result.error}"
    for outcome in outcomes:
        suite.append(_testcase(result, outcome))
    return suite


def _seconds(outcome: OutcomeView) -> float:
    return sum(turn["latency_ms"] or 0 for turn in outcome["turns"]) / 1000


def _testcase(result: ScenarioResult, outcome: OutcomeView) -> ET.Element:
    name = outcome["case_key"] + (f" [attempt {outcome['attempt']}]" if result.repeat > 1
                                  else "")
    case = ET.Element("testcase", name=name, classname=result.scenario_name,
                      time=f"{_seconds(outcome):.3f}")
    reasons = [f"{r['rule_type']}: {located_reason(outcome, r)}" for r in failing_rules(outcome)]
    if outcome["error"]:
        error = ET.SubElement(case, "error", message=outcome["error"], type="error")
        error.text = "\n".join([outcome["error"], *reasons])
    elif not outcome["passed"]:
        summary = f"{outcome['success_level']} (score {outcome['score']:.2f})"
        message = summary + (": " + "; ".join(reasons) if reasons else
                             ": every rule passed; the completion tier is under the threshold")
        failure = ET.SubElement(case, "failure", message=message, type=outcome["success_level"])
        failure.text = "\n".join(reasons) or message
    ET.SubElement(case, "system-out").text = _dialog(outcome)
    return case


def _dialog(outcome: OutcomeView) -> str:
    simulated = simulation_line(outcome)
    lines = [simulated] if simulated else []
    deviated = deviation_line(outcome)
    if deviated:
        lines.append(deviated)
    for turn in outcome["turns"]:
        who = author_label(turn) or "user"
        lines.append(f"[{turn_number(turn['index'])}] {who}: {turn['sent_message']}")
        if turn["error"]:
            lines.append(f"[{turn_number(turn['index'])}] error: {turn['error']}")
        else:
            latency = f" ({turn['latency_ms']} ms)" if turn["latency_ms"] is not None else ""
            lines.append(f"[{turn_number(turn['index'])}] bot{latency}: {turn['reply']}")
    return "\n".join(lines)


def suite_xml(result: ScenarioResult) -> tuple[str, dict[str, int]]:
    """One scenario's testsuite as XML text, and its tests / failures / errors: for a report
    written a scenario at a time (`agenteval judge` writes a long log's chunks so)."""
    suite = _suite(result)
    ET.indent(suite, level=1)
    return "  " + ET.tostring(suite, encoding="unicode"), {
        key: int(suite.get(key, "0")) for key in ("tests", "failures", "errors")}
