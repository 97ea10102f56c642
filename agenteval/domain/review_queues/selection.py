"""Which candidate items a plan selects, and why. Pure and repeatable (seeded).

Items matching a rule (vetoed, judge split, low confidence, rules disagree) are
always taken; of the rest, `share` is drawn at random per stratum (the tag or
metadata value; items without one form their own stratum), at most `perDay`
random picks per calendar day. The same plan over the same candidates always
selects the same items.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.review_queues.plan import PlanSpec


@dataclass(frozen=True)
class Candidate:
    """One reviewable item as the plan sees it (built by engine/review_queues/candidates)."""

    target: str  # unique within its owner: "case:KEY#ATTEMPT", "session:ID", "finding:N"
    owner: str  # the run's or eval's id
    kind: str  # CASE | SESSION | FINDING
    day: str  # YYYY-MM-DD (UTC) the item was produced
    tags: tuple[str, ...] = ()
    metadata: Mapping[str, Any] = field(default_factory=dict)
    vetoed: bool = False
    judge_split: bool = False
    min_confidence: float | None = None
    rules_disagree: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return (self.owner, self.target)


@dataclass(frozen=True)
class Selected:
    candidate: Candidate
    reasons: tuple[str, ...]  # "vetoed", "judgeSplit", "lowConfidence", "rulesDisagree", "random"


def rule_reasons(spec: PlanSpec, candidate: Candidate) -> tuple[str, ...]:
    reasons = []
    if spec.vetoed and candidate.vetoed:
        reasons.append("vetoed")
    if spec.judge_split and candidate.judge_split:
        reasons.append("judgeSplit")
    if (spec.low_confidence_below is not None and candidate.min_confidence is not None
            and candidate.min_confidence < spec.low_confidence_below):
        reasons.append("lowConfidence")
    if spec.rules_disagree and candidate.rules_disagree:
        reasons.append("rulesDisagree")
    return tuple(reasons)


def stratum_of(spec: PlanSpec, candidate: Candidate) -> str:
    if spec.stratify_by is None:
        return ""
    if spec.stratify_by == "tag":
        return ",".join(sorted(candidate.tags))
    value = candidate.metadata.get(spec.stratify_by.removeprefix("metadata."))
    return "" if value is None else str(value)


def _draw(spec: PlanSpec, pool: Sequence[Candidate]) -> list[Candidate]:
    """`share` of each stratum (at least one of a non-empty stratum when share > 0)."""
    if spec.share <= 0:
        return []
    rng = random.Random(spec.seed)
    strata: dict[str, list[Candidate]] = {}
    for candidate in sorted(pool, key=lambda c: c.key):
        strata.setdefault(stratum_of(spec, candidate), []).append(candidate)
    drawn: list[Candidate] = []
    for name in sorted(strata):
        members = strata[name]
        count = max(1, round(spec.share * len(members)))
        drawn.extend(rng.sample(members, min(count, len(members))))
    if spec.per_day is not None:
        by_day: dict[str, int] = {}
        capped = []
        for candidate in drawn:
            if by_day.get(candidate.day, 0) < spec.per_day:
                by_day[candidate.day] = by_day.get(candidate.day, 0) + 1
                capped.append(candidate)
        drawn = capped
    return sorted(drawn, key=lambda c: c.key)


def select(spec: PlanSpec, candidates: Sequence[Candidate]) -> list[Selected]:
    """The plan's items, rule matches first, then the random draw, in a stable order."""
    wanted = [c for c in candidates if c.kind in spec.kinds]
    chosen = [Selected(c, reasons) for c in sorted(wanted, key=lambda c: c.key)
              if (reasons := rule_reasons(spec, c))]
    taken = {s.candidate.key for s in chosen}
    rest = [c for c in wanted if c.key not in taken]
    chosen.extend(Selected(c, ("random",)) for c in _draw(spec, rest))
    return chosen


def double_reviewed(share: float, count: int, seed: int) -> set[int]:
    """Positions (0..count-1) whose item also gets a blind second review: round(share·count)."""
    if share <= 0 or count == 0:
        return set()
    wanted = min(count, max(1, round(share * count)))
    return set(random.Random(seed + 1).sample(range(count), wanted))
