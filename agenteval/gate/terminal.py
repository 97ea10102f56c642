"""What the gate prints: a header, progress, the summary, the failures explained, the verdict.

On a terminal the progress is a live `rich` bar (imported only then: the
gate's start-up time matters and CI logs have no terminal); otherwise one
plain line every few seconds, so a CI log shows the run is alive without a
line per case. Everything else is plain text built by pure functions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from agenteval.domain.static.outcome_explanation import (
    failing_rules,
    group_errors,
    judged_turn,
    last_reply,
    reply_at,
    rule_reason,
    shorten,
    turn_label,
)
from agenteval.domain.static.pass_hat import format_curve
from agenteval.domain.static.run_views import OutcomeView
from agenteval.domain.static.simulation_text import (
    author_label,
    deviation_line,
    simulation_line,
    simulator_summary_rows,
)
from agenteval.domain.turn_numbers import turn_number
from agenteval.engine.static.run_document import ScenarioResult

QUIET, NORMAL, VERBOSE = 0, 1, 2
REPLY_EXCERPT_CHARS = 160
PROGRESS_INTERVAL_S = 5.0
TERMINAL_STATUSES = frozenset({"COMPLETED", "CANCELLED", "FAILED"})


def header(scenario: str, source: str, target: str, cases: int, repeat: int,
           concurrency: int) -> str:
    """The first line(s): what is about to run."""
    return (f"scenario     {scenario}  ({source})\n"
            f"target       {target}\n"
            f"attempts     {cases} cases × {repeat} repeat = {cases * repeat}, "
            f"concurrency {concurrency}")


# ---------------------------------------------------------------- progress

class Stream(Protocol):
    """Where output goes: a text stream, or the gate's pipe-safe Console."""

    def write(self, text: str, /) -> Any: ...

    def flush(self) -> Any: ...

    def isatty(self) -> bool: ...


class ProgressDisplay(Protocol):
    """Shows a run's progress (the contract's RunProgress dict) while it runs."""

    def update(self, progress: dict[str, Any]) -> None: ...

    def close(self) -> None: ...


def progress_display(stream: Stream, verbosity: int = NORMAL,
                     interval_s: float = PROGRESS_INTERVAL_S,
                     clock: Callable[[], float] = time.monotonic) -> ProgressDisplay:
    """A live bar on a terminal, a line every `interval_s` otherwise, nothing when quiet."""
    if verbosity == QUIET:
        return SilentProgress()
    if _is_terminal(stream):
        try:
            return RichProgress(stream)
        except ImportError:  # rich is optional: the plain line still says everything
            pass
    return LineProgress(stream, interval_s, clock)


def _is_terminal(stream: Stream) -> bool:
    return bool(stream.isatty())


def progress_line(progress: dict[str, Any], elapsed_s: float) -> str:
    queued = progress.get("queued") or 0
    return (f"progress {progress['done']}/{progress['total']}  passed {progress['passed']}  "
            f"failed {progress['failed']}  errored {progress['errored']}  "
            f"{progress['status']}  {elapsed_s:.0f} s"
            + (f"  {queued} queued on the target" if queued else ""))


class SilentProgress:
    def update(self, progress: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        pass


class LineProgress:
    """One line when the run starts, every `interval_s` after, and when it ends."""

    def __init__(self, stream: Stream, interval_s: float, clock: Callable[[], float]) -> None:
        self.stream, self.interval_s, self.clock = stream, interval_s, clock
        self.started = clock()
        self.last_shown: float | None = None
        self.last_line: str | None = None

    def update(self, progress: dict[str, Any]) -> None:
        now = self.clock()
        final = progress["status"] in TERMINAL_STATUSES
        due = self.last_shown is None or now - self.last_shown >= self.interval_s
        line = progress_line(progress, now - self.started)
        if (due or final) and line != self.last_line:
            self.stream.write(line + "\n")
            self.stream.flush()
            self.last_shown, self.last_line = now, line

    def close(self) -> None:
        pass


class RichProgress:
    """A live `rich` bar; raises ImportError at construction when rich is not installed."""

    def __init__(self, stream: Stream) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[counts]}"), TimeElapsedColumn(),
                            console=Console(file=stream),  # type: ignore[arg-type]  # write/flush is all rich uses
                            transient=False)
        self.task = self.bar.add_task("cases", total=None, counts="")
        self.bar.start()

    def update(self, progress: dict[str, Any]) -> None:
        counts = (f"passed {progress['passed']} failed {progress['failed']} "
                  f"errored {progress['errored']}")
        self.bar.update(self.task, total=progress["total"], completed=progress["done"],
                        counts=counts)

    def close(self) -> None:
        self.bar.stop()


# ---------------------------------------------------------------- after the run

def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _ms(value: int | None) -> str:
    return "-" if value is None else f"{value} ms"


def summary_table(result: ScenarioResult) -> str:
    s = result.summary
    rows = [("status", result.status), ("attempts (cases × repeat)", str(s.total_cases)),
            ("passed", str(s.passed_cases)), ("pass rate", _rate(s.pass_rate)),
            ("success rate", _rate(s.success_rate)),
            ("success / partial / failure",
             f"{s.success_count} / {s.partial_count} / {s.failure_count}"),
            ("errors", str(s.error_count)), ("pass^n", _rate(s.pass_hat_k)),
            ("pass^k", format_curve(s.pass_hat_curve)),
            ("flip rate", _rate(s.flip_rate)),
            ("intent accuracy", _rate(s.intent_accuracy)),
            ("avg completion", _rate(s.avg_completion)),
            ("latency p50 / p95", f"{_ms(s.latency_p50_ms)} / {_ms(s.latency_p95_ms)}")]
    rows += [(label.lower(), value) for label, value in simulator_summary_rows(s, _rate)]
    if result.model_usage:
        rows.append(("model usage", result.model_usage))
    if result.error:
        rows.append(("run error", result.error))
    return _aligned(rows)


def _aligned(rows: Sequence[tuple[str, str]]) -> str:
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name.ljust(width)}  {value}" for name, value in rows)


def _excerpt(text: str | None) -> str:
    if text is None:
        return "(no reply)"
    return repr(shorten(" ".join(text.split()), REPLY_EXCERPT_CHARS))


def explain_attempt(outcome: OutcomeView, verbosity: int = NORMAL) -> list[str]:
    """A failing or partial attempt: id, tier, score, each failing rule's reason, the reply."""
    lines = [f"✗ {outcome['case_key']} (attempt {outcome['attempt']})  "
             f"{outcome['success_level']}  score {outcome['score']:.2f}"]
    if outcome["error"]:
        lines.append(f"    error: {shorten(outcome['error'], 300)}")
    simulated = simulation_line(outcome)
    if simulated:
        lines.append(f"    {simulated}")
    deviated = deviation_line(outcome)
    if deviated:
        lines.append(f"    {deviated}")
    shown = outcome["results"] if verbosity == VERBOSE else failing_rules(outcome)
    for result in shown:
        mark = "pass" if result["passed"] else "FAIL"
        index = judged_turn(result)
        where = "" if index is None else f" at {turn_label(index)}"
        lines.append(f"    {mark} {result['rule_type']}{where}: {rule_reason(result)}")
        if index is not None:
            lines.append(f"        reply at {turn_label(index)}: "
                         f"{_excerpt(reply_at(outcome, index))}")
    if not failing_rules(outcome) and not outcome["error"] and outcome["success_level"] != \
            "SUCCESS":
        lines.append("    every rule passed; the completion tier (L2) is under the "
                     "success threshold")
    # A simulated dialog is not known in advance: it is always shown, each turn's writer said.
    if verbosity == VERBOSE or simulated:
        for turn in outcome["turns"]:
            who = author_label(turn) or "user"
            lines.append(f"    [{turn_number(turn['index'])}] {who}: "
                         f"{_excerpt(turn['sent_message'])}")
            got = turn["error"] and f"error {turn['error']}" or _excerpt(turn["reply"])
            lines.append(f"        bot: {got}")
    elif outcome["turns"]:
        lines.append(f"    last reply: {_excerpt(last_reply(outcome))}")
    return lines


def failures_section(result: ScenarioResult, verbosity: int = NORMAL) -> str:
    """Every attempt that is not a plain SUCCESS (errors are grouped separately)."""
    shown = [a.view for a in result.attempts
             if a.view["success_level"] != "SUCCESS" and not a.view["error"]]
    if not shown:
        return ""
    lines = [f"Failures ({len(shown)})"]
    for outcome in shown:
        lines += explain_attempt(outcome, verbosity)
    return "\n".join(lines)


def passes_section(result: ScenarioResult) -> str:
    """VERBOSE only: the attempts that succeeded, one line each."""
    passed = [a.view for a in result.attempts if a.view["success_level"] == "SUCCESS"]
    if not passed:
        return ""
    return "Passed\n" + "\n".join(
        f"✓ {o['case_key']} (attempt {o['attempt']})  score {o['score']:.2f}" for o in passed)


def errors_section(result: ScenarioResult) -> str:
    """Errored attempts grouped by kind, each with one sample cause."""
    groups = group_errors([a.view for a in result.attempts])
    if not groups:
        return ""
    lines = [f"Errors ({sum(g.count for g in groups)})"]
    for group in groups:
        cases = ", ".join(group.cases[:5]) + (" …" if len(group.cases) > 5 else "")
        lines.append(f"  {group.kind}: {group.count} attempt(s) ({cases})")
        lines.append(f"    e.g. {shorten(group.sample, 300)}")
    return "\n".join(lines)


def deviations_section(result: ScenarioResult) -> str:
    """Every attempt whose simulated user deviated, with the turn and what was done."""
    lines = [f"  {a.view['case_key']} (attempt {a.view['attempt']}): {line}"
             for a in result.attempts if (line := deviation_line(a.view)) is not None]
    return f"Simulated users that deviated ({len(lines)})\n" + "\n".join(lines) if lines else ""


def scenario_block(result: ScenarioResult, verbosity: int = NORMAL) -> str:
    """Everything printed after one scenario's run (nothing when quiet)."""
    if verbosity == QUIET:
        return ""
    parts = [summary_table(result), failures_section(result, verbosity),
             errors_section(result), deviations_section(result)]
    if verbosity == VERBOSE:
        parts.append(passes_section(result))
    return "\n\n".join(part for part in parts if part)


def combined_summary(results: Sequence[ScenarioResult]) -> str:
    """One line per scenario, then the totals (printed when more than one scenario ran)."""
    rows = [("scenario", "attempts  passed  pass rate  errors")]
    for r in results:
        rows.append((r.scenario_name, f"{r.summary.total_cases:>8}  {r.summary.passed_cases:>6}  "
                                      f"{_rate(r.summary.pass_rate):>9}  "
                                      f"{r.summary.error_count:>6}"))
    total = sum(r.summary.total_cases for r in results)
    passed = sum(r.summary.passed_cases for r in results)
    errors = sum(r.summary.error_count for r in results)
    rows.append(("all scenarios", f"{total:>8}  {passed:>6}  "
                                  f"{_rate(passed / total if total else 0.0):>9}  {errors:>6}"))
    return "Combined\n" + _aligned(rows)
