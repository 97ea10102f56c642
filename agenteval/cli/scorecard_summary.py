"""The scorecard's part of the gate's output: totals, grades, item hit rates, the worst.

Read from the gate's JSON document (each case attempt's `scorecard` rule detail), so the
figures printed are exactly those the JSON output carries.
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.scorecards.aggregate import aggregate, aggregate_by, worst
from agenteval.domain.scorecards.document import Scorecard
from agenteval.domain.scorecards.scoring import ScorecardResult

WORST = 5
QUOTE = 60


def scored(report: Any) -> list[tuple[str, ScorecardResult]]:
    """(case key #attempt, result) for every case attempt the scorecard rule judged."""
    return [(name, result) for name, result, _ in scored_with_tags(report)]


def scored_with_tags(report: Any) -> list[tuple[str, ScorecardResult, list[str]]]:
    entries = report if isinstance(report, list) else [report]
    found = []
    for entry in entries:
        for outcome in entry.get("outcomes", []):
            for result in outcome.get("results", []):
                detail = result.get("detail") or {}
                if result.get("ruleType") == "scorecard" and "items" in detail:
                    name = outcome["caseKey"] + (f" #{outcome['attempt']}"
                                                 if outcome.get("attempt", 1) > 1 else "")
                    found.append((name, ScorecardResult.from_json(detail),
                                  list(outcome.get("tags") or [])))
    return found


def _pct(rate: dict[str, Any]) -> str:
    if rate["rate"] is None:
        return "–"
    low, high = rate["ci95"]
    return f"{100 * rate['rate']:.1f} % [{100 * low:.1f}–{100 * high:.1f}]"


def summary_text(scorecard: Scorecard, report: Any) -> str:
    results = scored(report)
    lines = [f"Scorecard {scorecard.ref} ({scorecard.content_hash[:15]}…): "
             f"{len(results)} conversations scored"]
    if not results:
        return "\n".join(lines)
    summary = aggregate([r for _, r in results])
    lines.append(f"  mean total {summary['mean_total']} · passed {summary['passed']['count']}/"
                 f"{len(results)} {_pct(summary['passed'])} · vetoed "
                 f"{summary['vetoed']['count']} {_pct(summary['vetoed'])} · could not judge "
                 f"{summary['errors']}")
    lines.append("  grades: " + " · ".join(f"{band.name} {summary['grades'].get(band.name, 0)}"
                                           for band in scorecard.bands))
    lines.append("  items (hit rate among judged, 95 % CI; not applicable; not judged):")
    for item in scorecard.items:
        tally = summary["items"].get(item.id)
        if tally is None:
            continue
        veto = "  VETO" if item.critical else ""
        lines.append(f"    {item.id:<28} {tally['count']:>4}/{tally['of']:<4} {_pct(tally):<22} "
                     f"n/a {tally['not_applicable']:<4} not judged {tally['not_judged']}{veto}")
    tagged = scored_with_tags(report)
    tags = sorted({tag for _, _, ts in tagged for tag in ts})
    if len(tags) > 1:
        lines.append("  by tag (mean total; vetoed, 95 % CI):")
        groups = aggregate_by([r for _, r, _ in tagged], [ts for _, _, ts in tagged])
        for tag, group in groups.items():
            lines.append(f"    {tag:<28} {group['conversations']:>4} conversations  mean "
                         f"{group['mean_total']}  vetoed {group['vetoed']['count']} "
                         f"{_pct(group['vetoed'])}")
    lines.append("  worst conversations:")
    for name, result in worst(results, WORST):
        flag = f" VETO {', '.join(result.vetoes)}" if result.vetoed else ""
        lines.append(f"    {name}: {result.total:g} {result.grade}{flag}")
        for hit in result.hits:
            first = hit.evidence[0] if hit.evidence else {}
            where = f"turn {first['turn_index'] + 1} " if "turn_index" in first else ""
            quote = str(first.get("quote", ""))[:QUOTE].replace("\n", " ")
            lines.append(f"      {hit.item_id} {hit.points:+g}: {where}“{quote}”")
    return "\n".join(lines)
