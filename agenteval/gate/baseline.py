"""`--baseline FILE`: this run against a previous `--json`, per case and per metric.

Entries are matched by scenario name; cases by id. A case's standing is the
mean over its attempts of its tier (SUCCESS 2, PARTIAL 1, FAILURE 0), so a
case that went from SUCCESS to PARTIAL, or that now fails one attempt of
three, regressed; the opposite is an improvement. Cases in only one of the
two files are listed as added or removed, never as regressions.

A case whose definition or judge differs between the two files (their `caseHash` and
`judgeHash`) is said first and compared no further: a different verdict says nothing about
the bot. A baseline without hashes (written before they were recorded) is "unknown".

Whether the pass-rate change is more than noise: an exact McNemar test on the
cases of both files (each case's majority pass/fail over its attempts), shown
next to the pass-rate delta as "not significant (p = 0.41)"; a regressed case
whose attempts disagree within either file is counted as flaky.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.static.case_changes import (
    ChangedCase,
    changed_cases,
    changes_warning,
    judges_by_case,
    unknown_definitions_warning,
)
from agenteval.domain.statistics import (
    Significance,
    describe_significance,
    is_flaky,
    significance,
)
from agenteval.engine.static.run_document import ScenarioResult, json_report

LEVEL_RANK = {"SUCCESS": 2, "PARTIAL": 1, "FAILURE": 0}
METRICS = (("passRate", "pass rate", "rate"), ("successRate", "success rate", "rate"),
           ("intentAccuracy", "intent accuracy", "rate"),
           ("avgCompletion", "avg completion", "rate"), ("passHatK", "pass^k", "rate"),
           ("flipRate", "flip rate", "rate"),
           ("latencyP50Ms", "latency p50", "ms"), ("latencyP95Ms", "latency p95", "ms"))


class BadBaseline(Exception):
    """The baseline file cannot be read as a gate `--json` file."""


@dataclass(frozen=True)
class CaseChange:
    case_key: str
    before: str  # e.g. "SUCCESS" or "SUCCESS ×2, FAILURE ×1"
    after: str


@dataclass(frozen=True)
class MetricDelta:
    name: str
    before: float | int | None
    after: float | int | None
    unit: str  # "rate" or "ms"


@dataclass(frozen=True)
class ScenarioComparison:
    scenario_name: str
    found: bool  # False: the baseline has no entry of this name
    regressions: list[CaseChange] = field(default_factory=list)
    improvements: list[CaseChange] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    metrics: list[MetricDelta] = field(default_factory=list)
    significance: Significance | None = None
    flaky_regressions: int = 0
    changed: list[ChangedCase] = field(default_factory=list)  # left out of the above
    warnings: list[str] = field(default_factory=list)


def load_baseline(text: str, path: str) -> list[dict[str, Any]]:
    """The baseline's entries (a list; a single entry object is accepted too)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadBaseline(f"baseline {path!r} is not JSON: {exc}") from None
    entries = data if isinstance(data, list) else [data]
    for index, entry in enumerate(entries):
        if not (isinstance(entry, dict) and isinstance(entry.get("outcomes"), list)
                and isinstance(entry.get("summary"), dict)
                and isinstance((entry.get("scenario") or {}).get("name"), str)):
            raise BadBaseline(f"baseline {path!r} entry {index} is not a gate --json entry "
                              "(scenario.name, summary and outcomes are required)")
    return entries


def compare(results: Sequence[ScenarioResult],
            baseline: Sequence[dict[str, Any]]) -> list[ScenarioComparison]:
    by_name = {entry["scenario"]["name"]: entry for entry in baseline}
    comparisons = []
    for entry in json_report(results):
        name = entry["scenario"]["name"]
        base = by_name.get(name)
        comparisons.append(compare_entry(base, entry) if base is not None
                           else ScenarioComparison(name, found=False))
    return comparisons


def compare_entry(base: Mapping[str, Any], head: Mapping[str, Any]) -> ScenarioComparison:
    before, after = _levels(base["outcomes"]), _levels(head["outcomes"])
    shared = before.keys() & after.keys()
    changed = changed_cases(shared, _definitions(base["outcomes"]),
                            _definitions(head["outcomes"]),
                            judges_by_case(base["outcomes"], key="caseKey"),
                            judges_by_case(head["outcomes"], key="caseKey"))
    warnings = [line] if (line := changes_warning(changed, len(shared))) else []
    if _definitions(base["outcomes"]) is None and shared:
        warnings.append(unknown_definitions_warning("baseline", len(shared)))
    for item in changed:  # not evidence about the bot: out of every count below
        before.pop(item.case_key)
        after.pop(item.case_key)
    regressions, improvements = [], []
    for key in sorted(before.keys() & after.keys()):
        change = CaseChange(key, _describe(before[key]), _describe(after[key]))
        if _standing(after[key]) < _standing(before[key]):
            regressions.append(change)
        elif _standing(after[key]) > _standing(before[key]):
            improvements.append(change)
    metrics = [MetricDelta(label, base["summary"].get(key), head["summary"].get(key), unit)
               for key, label, unit in METRICS]
    before_passed, after_passed = _passes(before), _passes(after)
    flaky = sum(1 for change in regressions
                if is_flaky(before_passed[change.case_key]) or is_flaky(after_passed[change.case_key]))
    return ScenarioComparison(head["scenario"]["name"], True, regressions, improvements,
                              sorted(after.keys() - before.keys()),
                              sorted(before.keys() - after.keys()), metrics,
                              significance(before_passed, after_passed), flaky, changed,
                              warnings)


def _definitions(outcomes: list[dict[str, Any]]) -> dict[str, str] | None:
    """Case key → definition hash; None when the file does not record them all (unknown)."""
    hashes = {str(o.get("caseKey")): o.get("caseHash") for o in outcomes}
    if not hashes or any(not isinstance(h, str) for h in hashes.values()):
        return None
    return {key: str(h) for key, h in hashes.items()}


def _passes(levels: dict[str, list[str]]) -> dict[str, list[bool]]:
    """Each case's attempts as passed (SUCCESS or PARTIAL) or not."""
    return {key: [level in ("SUCCESS", "PARTIAL") for level in attempts]
            for key, attempts in levels.items()}


def _levels(outcomes: list[dict[str, Any]]) -> dict[str, list[str]]:
    levels: dict[str, list[str]] = {}
    for outcome in outcomes:
        levels.setdefault(str(outcome.get("caseKey")), []).append(
            str(outcome.get("successLevel")))
    return levels


def _standing(levels: list[str]) -> float:
    return sum(LEVEL_RANK.get(level, 0) for level in levels) / len(levels)


def _describe(levels: list[str]) -> str:
    if len(set(levels)) == 1:
        return levels[0] + (f" ×{len(levels)}" if len(levels) > 1 else "")
    return ", ".join(f"{level} ×{levels.count(level)}" for level in LEVEL_RANK
                     if level in levels)


def regression_count(comparisons: Sequence[ScenarioComparison]) -> int:
    return sum(len(c.regressions) for c in comparisons)


def render_comparison(comparisons: Sequence[ScenarioComparison]) -> str:
    """The terminal's "Against the baseline" section."""
    lines = ["Against the baseline"]
    for c in comparisons:
        if len(comparisons) > 1:
            lines.append(f"  {c.scenario_name}")
        if not c.found:
            lines.append("    not in the baseline (matched by scenario name)")
            continue
        lines += [f"    warning    {warning}" for warning in c.warnings]
        lines += [f"    changed    {x.case_key}: its {x.what} (not compared)" for x in c.changed]
        for delta in c.metrics:
            if delta.before is not None or delta.after is not None:
                verdict = describe_significance(c.significance) if (
                    c.significance is not None and delta.name == "pass rate") else ""
                lines.append(f"    {delta.name:<16} {_metric(delta)}"
                             + (f", {verdict}" if verdict else ""))
        lines += [f"    regressed  {x.case_key}: {x.before} → {x.after}" for x in c.regressions]
        lines += [f"    improved   {x.case_key}: {x.before} → {x.after}" for x in c.improvements]
        lines += [f"    new case   {key}" for key in c.added]
        lines += [f"    removed    {key}" for key in c.removed]
        flaky = f" ({c.flaky_regressions} flaky)" if c.flaky_regressions else ""
        lines.append(f"    {len(c.regressions)} regression(s){flaky}, {len(c.improvements)} "
                     "improvement(s)")
    return "\n".join(lines)


def _metric(delta: MetricDelta) -> str:
    def show(value: float | int | None) -> str:
        if value is None:
            return "-"
        return f"{value:.1%}" if delta.unit == "rate" else f"{value} ms"

    text = f"{show(delta.before)} → {show(delta.after)}"
    if delta.before is None or delta.after is None:
        return text
    change = delta.after - delta.before
    if delta.unit == "rate":
        return text + f"  ({change * 100:+.1f} pt)"
    return text + f"  ({change:+d} ms)"
