"""Scorecard results added up: per run, per tag or per day (monitors group by what they like).

Mean total, the grade distribution, the veto and pass rates and each item's hit rate,
every rate with its 95 % Wilson score interval (meaningful for small counts and for
rates of 0 or 1). An item's denominator counts only the conversations where it was
judged (hit or not hit): "not applicable" and "not judged" are reported beside it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from agenteval.domain.scorecards.scoring import ScorecardResult

Z_95 = 1.959964


def wilson(successes: int, total: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ((0, 0) for no trials)."""
    if total == 0:
        return 0.0, 0.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(successes: int, total: int) -> dict[str, Any]:
    """`{"count", "of", "rate", "ci95"}`; rate None when nothing was counted."""
    low, high = wilson(successes, total)
    return {"count": successes, "of": total,
            "rate": round(successes / total, 4) if total else None,
            "ci95": [round(low, 4), round(high, 4)]}


def aggregate(results: Sequence[ScorecardResult]) -> dict[str, Any]:
    """The summary of a group of scored conversations (one scorecard)."""
    count = len(results)
    grades = Counter(r.grade for r in results)
    items: dict[str, Counter[str]] = {}
    for result in results:
        for outcome in result.items:
            items.setdefault(outcome.item_id, Counter())[outcome.status] += 1
    return {
        "conversations": count,
        "mean_total": round(sum(r.total for r in results) / count, 2) if count else None,
        "grades": dict(grades),
        "passed": rate(sum(r.passed for r in results), count),
        "vetoed": rate(sum(r.vetoed for r in results), count),
        "errors": sum(bool(r.errors) for r in results),
        "items": {item_id: {**rate(c["hit"], c["hit"] + c["no_hit"]),
                            "not_applicable": c["not_applicable"],
                            "not_judged": c["not_judged"], "error": c["error"]}
                  for item_id, c in items.items()},
    }


def aggregate_by(results: Sequence[ScorecardResult],
                 keys: Sequence[Iterable[str]]) -> dict[str, dict[str, Any]]:
    """One summary per key (tags, days …); `keys[i]` are the keys of `results[i]`."""
    groups: dict[str, list[ScorecardResult]] = {}
    for result, result_keys in zip(results, keys, strict=True):
        for key in result_keys:
            groups.setdefault(key, []).append(result)
    return {key: aggregate(group) for key, group in sorted(groups.items())}


def worst(results: Sequence[tuple[str, ScorecardResult]],
          limit: int = 5) -> list[tuple[str, ScorecardResult]]:
    """The `limit` worst (vetoed first, then lowest total), named by their ids."""
    return sorted(results, key=lambda pair: (not pair[1].vetoed, not pair[1].errors,
                                             pair[1].total, pair[0]))[:limit]
