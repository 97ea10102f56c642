"""The gate from its options to its exit code, around one "run this scenario" step.

`agenteval.cli.run_gate` supplies the step that runs one scenario file on the engine; this
module does everything before and after it: checking the options (bad input
exits 2 before anything runs), the header and the explained results per
scenario, the combined summary, the baseline comparison, the files
(--report, --json, --junit: written even when stdout's reader went away) and
the verdict line.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agenteval.engine.static.run_document import ScenarioResult
from agenteval.gate import terminal
from agenteval.gate.console import Console
from agenteval.gate.inputs import BadInput, read_text
from agenteval.gate.verdict import Verdict, decide

REPORT_SEPARATOR = "\n\n---\n\n"


@dataclass(frozen=True)
class GateOptions:
    """What the user asked for, besides the scenarios and the target."""

    fail_under: float | None = None
    report: str | None = None
    json_out: str | None = None
    junit: str | None = None
    baseline: str | None = None
    fail_on_regression: bool = False
    verbosity: int = terminal.NORMAL


def load_checked_baseline(options: GateOptions) -> list[dict[str, Any]] | None:
    """Check the options that need no engine; the baseline's entries (None without one)."""
    if options.fail_under is not None and not 0 <= options.fail_under <= 1:
        raise BadInput("--fail-under is a rate between 0 and 1 (e.g. 0.8)")
    if options.fail_on_regression and not options.baseline:
        raise BadInput("--fail-on-regression needs --baseline FILE (a previous --json)")
    if options.baseline is None:
        return None
    # The writers for options not given are not imported (the gate's start-up counts).
    from agenteval.gate.baseline import BadBaseline, load_baseline

    try:
        return load_baseline(read_text(options.baseline, "baseline"), options.baseline)
    except BadBaseline as exc:
        raise BadInput(str(exc)) from None


RunScenario = Callable[[Path, Console], Awaitable[ScenarioResult]]


async def run_scenarios(files: Sequence[Path], run: RunScenario, out: Console,
                        options: GateOptions) -> list[ScenarioResult]:
    """Run each scenario in turn, printing its results as soon as it ends."""
    results = []
    for path in files:
        result = await run(path, out)
        results.append(result)
        block = terminal.scenario_block(result, options.verbosity)
        if block:
            out.print(block)
            out.print()
    return results


def finish(results: Sequence[ScenarioResult], options: GateOptions, out: Console,
           baseline: list[dict[str, Any]] | None) -> int:
    """Combined summary, baseline, files, verdict line; the exit code."""
    regressions = 0
    if options.verbosity != terminal.QUIET and len(results) > 1:
        out.print(terminal.combined_summary(results))
        out.print()
    if baseline is not None:
        from agenteval.gate.baseline import compare, regression_count, render_comparison

        comparisons = compare(results, baseline)
        regressions = regression_count(comparisons)
        if options.verbosity != terminal.QUIET:
            out.print(render_comparison(comparisons))
            out.print()
    write_files(results, options)
    verdict: Verdict = decide(results, options.fail_under, regressions,
                              options.fail_on_regression)
    out.print(verdict.line)
    return verdict.code


def write_files(results: Sequence[ScenarioResult], options: GateOptions) -> None:
    """--report (every scenario's Markdown), --json (a list), --junit (a suite each)."""
    if options.report:
        Path(options.report).write_text(
            REPORT_SEPARATOR.join((r.report_markdown or "").rstrip() for r in results) + "\n",
            encoding="utf-8")
    if options.json_out:
        from agenteval.engine.static.run_document import json_report

        Path(options.json_out).write_text(
            json.dumps(json_report(results), indent=2, ensure_ascii=False, default=str) + "\n",
            encoding="utf-8")
    if options.junit:
        from agenteval.gate.junit import junit_xml

        Path(options.junit).write_text(junit_xml(results), encoding="utf-8")
