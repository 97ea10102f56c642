"""Comparing two static runs (`compareRuns`): rate deltas, regressions, improvements.

Attempts are matched by (case_key, attempt). An attempt present in only one
run is listed in the Markdown and counted neither as unchanged nor as a
regression or improvement. Pure functions: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from agenteval.domain.markdown import format_ms, format_rate, markdown_cell, table
from agenteval.domain.static.case_changes import (
    ChangedCase,
    changed_cases,
    changes_warning,
    judges_by_case,
    unknown_definitions_warning,
)
from agenteval.domain.static.run_summary import RunSummaryData
from agenteval.domain.static.run_views import OutcomeView
from agenteval.domain.statistics import (
    Significance,
    describe_significance,
    format_p,
    is_flaky,
    significance,
)

AttemptKey = tuple[str, int]


@dataclass(frozen=True)
class RunSide:
    """One run of the comparison: its id, a label (e.g. the target's name), summary, outcomes."""

    run_id: str
    label: str
    summary: RunSummaryData
    outcomes: Sequence[OutcomeView]
    scenario: str | None = None  # what the run ran ("name (id)"), to warn about mismatches
    # Case key → the hash of its definition in the run's snapshot; None: unknown.
    case_hashes: Mapping[str, str] | None = None


@dataclass(frozen=True)
class CaseDiff:
    """One attempt whose pass/fail verdict changed (the contract's CaseDiff)."""

    case_key: str
    attempt: int
    base: OutcomeView
    head: OutcomeView
    flaky: bool = False  # the case's attempts disagree within the base or the head run


@dataclass(frozen=True)
class Comparison:
    pass_rate_delta: float  # head − base
    success_rate_delta: float  # head − base
    regressions: list[CaseDiff]  # passed in base, failed in head
    improvements: list[CaseDiff]  # failed in base, passed in head
    unchanged_count: int  # in both runs with the same pass/fail verdict
    only_in_base: list[AttemptKey]
    only_in_head: list[AttemptKey]
    markdown: str
    warnings: list[str] = field(default_factory=list)  # e.g. runs of different scenarios
    significance: Significance | None = None
    changed: list[ChangedCase] = field(default_factory=list)  # left out of the diffs above


def compare_runs(base: RunSide, head: RunSide) -> Comparison:
    """Compare `head` against `base`."""
    base_by_key = by_attempt(base.outcomes)
    head_by_key = by_attempt(head.outcomes)
    shared_cases = {key for key, _ in base_by_key} & {key for key, _ in head_by_key}
    changed = changed_cases(shared_cases, base.case_hashes, head.case_hashes,
                            judges_by_case(base.outcomes), judges_by_case(head.outcomes))
    left_out = {c.case_key for c in changed}
    shared = sorted(k for k in base_by_key.keys() & head_by_key.keys() if k[0] not in left_out)
    base_attempts, head_attempts = attempts_by_case(base.outcomes), attempts_by_case(head.outcomes)
    for attempts in (base_attempts, head_attempts):
        for key in left_out:
            attempts.pop(key, None)
    flaky = {key for attempts in (base_attempts, head_attempts)
             for key, verdicts in attempts.items() if is_flaky(verdicts)}
    diffs = [CaseDiff(key[0], key[1], base_by_key[key], head_by_key[key], key[0] in flaky)
             for key in shared]
    regressions = [d for d in diffs if d.base["passed"] and not d.head["passed"]]
    improvements = [d for d in diffs if not d.base["passed"] and d.head["passed"]]
    unchanged = len(diffs) - len(regressions) - len(improvements)
    only_in_base = sorted(base_by_key.keys() - head_by_key.keys())
    only_in_head = sorted(head_by_key.keys() - base_by_key.keys())
    comparison = Comparison(
        pass_rate_delta=head.summary.pass_rate - base.summary.pass_rate,
        success_rate_delta=head.summary.success_rate - base.summary.success_rate,
        regressions=regressions,
        improvements=improvements,
        unchanged_count=unchanged,
        only_in_base=only_in_base,
        only_in_head=only_in_head,
        markdown="",
        warnings=comparison_warnings(base, head, changed, len(shared_cases)),
        significance=significance(base_attempts, head_attempts),
        changed=changed,
    )
    return replace(comparison, markdown=render_comparison(base, head, comparison))


def comparison_warnings(base: RunSide, head: RunSide, changed: Sequence[ChangedCase] = (),
                        shared_cases: int = 0) -> list[str]:
    """What makes the comparison less meaningful than it looks (empty when nothing does)."""
    warnings = []
    if base.scenario and head.scenario and base.scenario != head.scenario:
        warnings.append(f"the runs are of different scenarios ({base.scenario} and "
                        f"{head.scenario}): attempts are matched by case key only")
    if (line := changes_warning(list(changed), shared_cases)) is not None:
        warnings.append(line)
    for side, run in (("base", base), ("head", head)):
        if run.case_hashes is None and shared_cases:
            warnings.append(unknown_definitions_warning(side, shared_cases))
    return warnings


def by_attempt(outcomes: Sequence[OutcomeView]) -> dict[AttemptKey, OutcomeView]:
    return {(o["case_key"], o["attempt"]): o for o in outcomes}


def attempts_by_case(outcomes: Sequence[OutcomeView]) -> dict[str, list[bool]]:
    """Each case's pass/fail verdicts in attempt order."""
    attempts: dict[str, list[bool]] = {}
    for outcome in sorted(outcomes, key=lambda o: (o["case_key"], o["attempt"])):
        attempts.setdefault(outcome["case_key"], []).append(outcome["passed"])
    return attempts


def render_comparison(base: RunSide, head: RunSide, comparison: Comparison) -> str:
    sections = [
        f"# Run comparison: {base.label} `{base.run_id}` → {head.label} `{head.run_id}`",
        "\n".join(f"> **Warning:** {markdown_cell(w)}" for w in comparison.warnings),
        metrics_section(base.summary, head.summary, comparison.significance),
        significance_section(comparison.significance),
        diff_section("Regressions (passed in base, failed in head)", comparison.regressions),
        flaky_regressions_line(comparison.regressions),
        diff_section("Improvements (failed in base, passed in head)", comparison.improvements),
        f"Unchanged: {comparison.unchanged_count} attempt(s) with the same verdict in both runs.",
        changed_section(comparison.changed),
        missing_section("Only in base", comparison.only_in_base),
        missing_section("Only in head", comparison.only_in_head),
    ]
    return "\n\n".join(s for s in sections if s) + "\n"


def significance_section(sig: Significance | None) -> str:
    """Whether the pass-rate change is more than noise, in one paragraph."""
    if sig is None or sig.p_value is None:
        return ""
    interval = ""
    if sig.ci95_low is not None and sig.ci95_high is not None:
        interval = (f" The 95% paired bootstrap interval of the pass-rate delta is "
                    f"{sig.ci95_low * 100:+.1f} pp to {sig.ci95_high * 100:+.1f} pp.")
    return (f"## Significance\n\nOver {sig.paired_cases} case(s) in both runs (each case's "
            f"majority verdict over its attempts): {sig.discordant_base_only} passed only in "
            f"base, {sig.discordant_head_only} only in head; exact McNemar "
            f"p = {format_p(sig.p_value)}, {describe_significance(sig).split(' (')[0]}."
            + interval)


def flaky_regressions_line(regressions: Sequence[CaseDiff]) -> str:
    flaky = sum(1 for d in regressions if d.flaky)
    if not flaky:
        return ""
    return (f"{flaky} of {len(regressions)} regression(s) are flaky: the case's attempts "
            "disagree within one of the runs, so the change may be noise.")


def metrics_section(base: RunSummaryData, head: RunSummaryData,
                    sig: Significance | None = None) -> str:
    rate_rows = [
        ("Pass rate", base.pass_rate, head.pass_rate),
        ("Success rate", base.success_rate, head.success_rate),
        ("Intent accuracy (L1)", base.intent_accuracy, head.intent_accuracy),
        ("Average completion (L2)", base.avg_completion, head.avg_completion),
        ("pass^k", base.pass_hat_k, head.pass_hat_k),
    ]
    count_rows = [
        ("Cases", base.total_cases, head.total_cases),
        ("SUCCESS", base.success_count, head.success_count),
        ("PARTIAL", base.partial_count, head.partial_count),
        ("FAILURE", base.failure_count, head.failure_count),
        ("Errors", base.error_count, head.error_count),
    ]
    latency_rows = [
        ("Latency p50", base.latency_p50_ms, head.latency_p50_ms),
        ("Latency p95", base.latency_p95_ms, head.latency_p95_ms),
    ]
    rows = [(name, format_rate(b), format_rate(h), format_points(b, h)) for name, b, h in rate_rows]
    if sig is not None and describe_significance(sig):
        name, b, h, delta = rows[0]
        rows[0] = (name, b, h, f"{delta}, {describe_significance(sig)}")
    rows.append(("Flip rate", format_rate(base.flip_rate), format_rate(head.flip_rate),
                 format_points(base.flip_rate, head.flip_rate)))
    rows += [(name, str(b), str(h), f"{h - b:+d}") for name, b, h in count_rows]
    rows += [(name, format_ms(b), format_ms(h), format_ms_delta(b, h)) for name, b, h in latency_rows]
    return "## Metrics\n\n" + table(["Metric", "Base", "Head", "Δ"], rows)


def diff_section(title: str, diffs: Sequence[CaseDiff]) -> str:
    heading = f"## {title}: {len(diffs)}"
    if not diffs:
        return heading + "\n\nNone."
    rows = [(d.case_key, str(d.attempt), outcome_cell(d.base), outcome_cell(d.head),
             "yes" if d.flaky else "", d.head["error"] or d.base["error"] or "")
            for d in diffs]
    return heading + "\n\n" + table(["Case", "Attempt", "Base", "Head", "Flaky", "Error"],
                                      rows)


def changed_section(changed: Sequence[ChangedCase]) -> str:
    if not changed:
        return ""
    rows = [(c.case_key, c.what) for c in changed]
    return (f"## Changed between the runs: {len(changed)}\n\nNot compared: their definition or "
            "judge differs, so a different verdict says nothing about the bot.\n\n"
            + table(["Case", "What changed"], rows))


def missing_section(title: str, keys: Sequence[AttemptKey]) -> str:
    if not keys:
        return ""
    listed = ", ".join(f"`{markdown_cell(key)}` attempt {attempt}" for key, attempt in keys)
    return f"## {title}: {len(keys)}\n\n{listed}"


def outcome_cell(outcome: OutcomeView) -> str:
    return f"{outcome['success_level']} ({outcome['score']:.2f})"


def format_points(base: float | None, head: float | None) -> str:
    """A rate delta in percentage points, e.g. '+12.5 pp'."""
    if base is None or head is None:
        return "—"
    return f"{(head - base) * 100:+.1f} pp"


def format_ms_delta(base: int | None, head: int | None) -> str:
    if base is None or head is None:
        return "—"
    return f"{head - base:+d} ms"
