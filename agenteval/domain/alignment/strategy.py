"""Which corrections become the candidate revision's examples (docs/judge-alignment.md).

- MOST_RECENT: the latest corrections first.
- MOST_DISAGREEING: the kind of mistake the judge makes most gets the most examples:
  corrections are grouped by direction (judge passed what the reviewer failed, or the
  reverse), each direction gets a share of the examples proportional to its count
  (largest remainder), the latest first inside each.
- DIVERSE: greedy farthest-first on the excerpts' word sets (Jaccard distance), starting
  from the latest correction, so near-duplicate corrections do not fill every slot.
Ties are broken by item id, so a choice is reproducible.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum

from agenteval.domain.alignment.examples import judged_excerpt
from agenteval.domain.alignment.reviewed import ReviewedJudgement

_WORD = re.compile(r"\w+", re.UNICODE)


class Strategy(Enum):
    MOST_RECENT = "MOST_RECENT"
    MOST_DISAGREEING = "MOST_DISAGREEING"
    DIVERSE = "DIVERSE"


def _latest_first(items: Sequence[ReviewedJudgement]) -> list[ReviewedJudgement]:
    return sorted(items, key=lambda i: (-i.reviewed_at.timestamp(), i.item_id))


def choose(corrections: Sequence[ReviewedJudgement], strategy: Strategy,
           limit: int) -> list[ReviewedJudgement]:
    """Up to `limit` of the corrections, chosen by `strategy`."""
    ordered = _latest_first(corrections)
    if limit <= 0 or not ordered:
        return []
    if strategy is Strategy.MOST_RECENT:
        return ordered[:limit]
    if strategy is Strategy.MOST_DISAGREEING:
        return _by_direction(ordered, limit)
    return _diverse(ordered, limit)


def _by_direction(ordered: list[ReviewedJudgement], limit: int) -> list[ReviewedJudgement]:
    groups = {direction: [i for i in ordered if i.machine_passed == direction]
              for direction in (True, False)}
    total = len(ordered)
    quota = {d: len(g) * min(limit, total) // total for d, g in groups.items()}
    remainders = sorted(groups, key=lambda d: (-(len(groups[d]) * min(limit, total) % total),
                                               -len(groups[d])))
    for direction in remainders:
        if sum(quota.values()) >= min(limit, total):
            break
        quota[direction] += 1
    chosen = [i for d in (True, False) for i in groups[d][:quota[d]]]
    return _latest_first(chosen)


def _words(item: ReviewedJudgement) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORD.findall(judged_excerpt(item)))


def _distance(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return 1.0 - (len(a & b) / len(union)) if union else 0.0


def _diverse(ordered: list[ReviewedJudgement], limit: int) -> list[ReviewedJudgement]:
    words = {item.item_id: _words(item) for item in ordered}
    chosen = [ordered[0]]
    rest = ordered[1:]
    while rest and len(chosen) < limit:
        best = max(rest, key=lambda item: min(_distance(words[item.item_id], words[c.item_id])
                                              for c in chosen))
        chosen.append(best)
        rest.remove(best)
    return chosen
