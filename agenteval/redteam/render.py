"""The vulnerability report as terminal text, Markdown and JSON, and two runs compared.

The JSON (`--json`) is also what a later `--baseline` reads: comparing names the
attacks the fix closed (succeeded before, resisted now) and those it opened.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agenteval.domain.turn_numbers import turn_number
from agenteval.redteam.categories import CATEGORIES
from agenteval.redteam.report import (
    SEVERITY_ORDER,
    SuccessfulAttack,
    Tally,
    VulnerabilityReport,
    severity_of,
    wilson,
)

JSON_KIND = "agenteval-redteam"
FORMAT_VERSION = 1


def _rate(tally: Tally) -> str:
    low, high = wilson(tally.successes, tally.attacks)
    return (f"{tally.successes}/{tally.attacks} = {tally.rate:.0%} "
            f"[{low:.0%}–{high:.0%}]")


def _ordered_categories(report: VulnerabilityReport) -> list[str]:
    return sorted(report.by_category, key=lambda c: (-report.by_category[c].rate,
                                                     SEVERITY_ORDER.get(severity_of(c), 9), c))


def _name(category: str) -> str:
    known = CATEGORIES.get(category)
    return known.name if known else category


def table_rows(report: VulnerabilityReport) -> list[tuple[str, str, str]]:
    return [(c, severity_of(c), _rate(report.by_category[c])) for c in _ordered_categories(report)]


def render_terminal(report: VulnerabilityReport) -> str:
    lines = [f"Red team against {report.target}: {report.total.successes} of "
             f"{report.total.attacks} attacks succeeded ({_rate(report.total)}, 95% Wilson CI)",
             "", f"  {'category':<26} {'severity':<9} attack success"]
    lines += [f"  {c:<26} {s:<9} {r}" for c, s, r in table_rows(report)]
    lines += ["", f"  {'strategy':<26} attack success"]
    lines += [f"  {s:<26} {_rate(t)}" for s, t in sorted(report.by_strategy.items())]
    for category in _ordered_categories(report):
        for attack in report.worst(category):
            lines += ["", f"  ✗ {attack.case} ({severity_of(category)})"]
            lines += [f"    {_evidence_line(e)}" for e in _one_per_turn(attack.evidence)[:3]]
    if report.total.errors:
        lines += ["", f"  {report.total.errors} attempt(s) ended in a target error (not counted)"]
    return "\n".join(lines)


def _one_per_turn(evidence: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first finding of each rule in each turn (two phrases of one sentence quote it twice)."""
    seen: set[tuple[Any, Any]] = set()
    kept = []
    for item in evidence:
        key = (item["rule"], item.get("turn_index"))
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def _evidence_line(evidence: Mapping[str, Any]) -> str:
    where = f"turn {turn_number(evidence['turn_index'])}" if evidence.get("turn_index") is not None else ""
    what = evidence.get("quote") or evidence.get("note") or ""
    return f"{evidence['rule']} {where}: {what!s}".replace("\n", " ")


def render_markdown(report: VulnerabilityReport) -> str:
    out = [f"# Red-team report: {report.target}", "",
           f"{report.total.successes} of {report.total.attacks} attacks succeeded "
           f"({_rate(report.total)}; 95 % Wilson interval). An attack succeeds when a check "
           "fails.", "", "## By category", "",
           "| Category | Severity | Attacks | Succeeded | Rate [95 % CI] |", "|---|---|---|---|---|"]
    for category in _ordered_categories(report):
        tally = report.by_category[category]
        out.append(f"| {_name(category)} (`{category}`) | {severity_of(category)} | "
                   f"{tally.attacks} | {tally.successes} | {_rate(tally)} |")
    out += ["", "## By strategy", "", "| Strategy | Attacks | Succeeded | Rate [95 % CI] |",
            "|---|---|---|---|"]
    out += [f"| {s} | {t.attacks} | {t.successes} | {_rate(t)} |"
            for s, t in sorted(report.by_strategy.items())]
    strategies = sorted(report.by_strategy)
    out += ["", "## Category × strategy (successes / attacks)", "",
            "| Category | " + " | ".join(strategies) + " |",
            "|---|" + "---|" * len(strategies)]
    for category in _ordered_categories(report):
        cells = [report.cells.get((category, s), Tally()) for s in strategies]
        out.append(f"| `{category}` | " + " | ".join(
            f"{c.successes}/{c.attacks}" if c.attacks else "–" for c in cells) + " |")
    out += ["", "## Findings", ""]
    vulnerable = [c for c in _ordered_categories(report) if report.by_category[c].successes]
    if not vulnerable:
        out.append("No attack succeeded.")
    for category in vulnerable:
        out += [f"### {_name(category)} — {severity_of(category)}", "",
                CATEGORIES[category].definition if category in CATEGORIES else "", "",
                f"**Suggested fix:** {CATEGORIES[category].fix}" if category in CATEGORIES else "",
                ""]
        for attack in report.worst(category):
            out += _attack_markdown(attack)
    return "\n".join(out).rstrip() + "\n"


def _attack_markdown(attack: SuccessfulAttack) -> list[str]:
    out = [f"**{attack.case}** ({attack.strategy}, {attack.lang})", ""]
    out += [f"- evidence: {_evidence_line(e)}" for e in _one_per_turn(attack.evidence)]
    out += ["", "| Turn | User | Bot |", "|---|---|---|"]
    out += [f"| {turn_number(t['turn_index'])} | {_cell(t['user'])} | {_cell(t['reply'])} |"
            for t in attack.transcript]
    return [*out, ""]


def _cell(text: str | None) -> str:
    return (text or "").replace("|", "\\|").replace("\n", " ")


def report_json(report: VulnerabilityReport, scenario_file: str | None = None) -> dict[str, Any]:
    return {
        "kind": JSON_KIND, "formatVersion": FORMAT_VERSION, "target": report.target,
        "scenarioFile": scenario_file, "total": report.total.as_json(),
        "categories": [{"category": c, "name": _name(c), "severity": severity_of(c),
                        **report.by_category[c].as_json(),
                        "fix": CATEGORIES[c].fix if c in CATEGORIES else None}
                       for c in _ordered_categories(report)],
        "strategies": [{"strategy": s, **t.as_json()}
                       for s, t in sorted(report.by_strategy.items())],
        "cells": [{"category": c, "strategy": s, **t.as_json()}
                  for (c, s), t in sorted(report.cells.items())],
        "successfulAttacks": [{"case": a.case, "category": a.category, "strategy": a.strategy,
                               "lang": a.lang, "severity": severity_of(a.category),
                               "evidence": a.evidence, "transcript": a.transcript}
                              for a in report.successful],
    }


def compare(previous: Mapping[str, Any], current: Mapping[str, Any]) -> dict[str, list[str]]:
    """Attacks closed by the fix (succeeded before, not now) and opened (the other way)."""
    before = {a["case"] for a in previous.get("successfulAttacks", [])}
    now = {a["case"] for a in current.get("successfulAttacks", [])}
    return {"closed": sorted(before - now), "opened": sorted(now - before),
            "still_open": sorted(before & now)}


def render_comparison(diff: Mapping[str, list[str]]) -> str:
    lines = [f"Compared with the baseline: {len(diff['closed'])} attack(s) closed, "
             f"{len(diff['opened'])} opened, {len(diff['still_open'])} still succeed"]
    lines += [f"  closed  {case}" for case in diff["closed"]]
    lines += [f"  opened  {case}" for case in diff["opened"]]
    return "\n".join(lines)
