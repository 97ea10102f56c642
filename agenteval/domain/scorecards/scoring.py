"""One conversation's scorecard result: base ± points per hit, the grade band, vetoes.

The numbers, as docs/scorecards.md states them:

- each item's check ends `pass`, `fail`, `not_applicable` (its anchor never happened),
  `not_judged` (a model-judged check that was not sampled) or `error` (it could not run);
- an item is **hit** when its check ended as its `hit_when` says (`fail` by default);
- a hit moves `points × occurrences` (occurrences = its evidence turns, at least 1, when
  `per_occurrence`; else 1), at most `cap` points in either direction;
- total = max(0, base + Σ points); a hit of a `critical` item (a veto, 一票否决) sets the
  total to 0 and the grade to the lowest band;
- `passed` = no veto, total ≥ the pass band's min, and no item in error — an item that
  could not run is never read as "not hit". `not_applicable` and `not_judged` items move
  no points and stay out of the item's hit-rate denominator.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from agenteval.domain.scorecards.document import Scorecard, ScorecardItem

CheckOutcome = Literal["pass", "fail", "not_applicable", "not_judged", "error"]
ItemStatus = Literal["hit", "no_hit", "not_applicable", "not_judged", "error"]
JUDGED: tuple[ItemStatus, ...] = ("hit", "no_hit")


# CheckResult and ItemOutcome are built once per item per conversation (20,000 a second):
# slotted and not frozen, they cost half as much (read-only by convention).
@dataclass(slots=True)
class CheckResult:
    """What an item's check said of one conversation, before points: its outcome, the
    turns that show it (`{"turn_index", "role", "quote", ...}`) and its own detail."""

    outcome: CheckOutcome
    evidence: tuple[dict[str, Any], ...] = ()
    detail: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


@dataclass(slots=True)
class ItemOutcome:
    """One item on one conversation: hit or not, the points it moved, its evidence."""

    item_id: str
    status: ItemStatus
    points: float
    occurrences: int
    evidence: tuple[dict[str, Any], ...]
    critical: bool
    detail: dict[str, Any] = field(default_factory=dict)
    error: str | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"item": self.item_id, "status": self.status,
                               "points": self.points, "occurrences": self.occurrences,
                               "evidence": list(self.evidence)}
        if self.critical:
            out["critical"] = True
        if self.detail:
            out["detail"] = self.detail
        if self.error is not None:
            out["error"] = self.error
        return out


@dataclass(frozen=True)
class ScorecardResult:
    """A conversation scored: total, grade, pass/veto and every item's outcome."""

    scorecard: str
    content_hash: str
    total: float
    raw_total: float
    grade: str
    passed: bool
    vetoes: tuple[str, ...]
    items: tuple[ItemOutcome, ...]
    errors: tuple[str, ...] = ()

    @property
    def vetoed(self) -> bool:
        return bool(self.vetoes)

    @property
    def hits(self) -> list[ItemOutcome]:
        return [item for item in self.items if item.status == "hit"]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ScorecardResult:
        """A result read back from `as_json` (a stored rule detail, a run's JSON)."""
        items = tuple(ItemOutcome(i["item"], i["status"], i["points"], i["occurrences"],
                                  tuple(i.get("evidence", ())), bool(i.get("critical")),
                                  i.get("detail", {}), i.get("error"))
                      for i in data.get("items", []))
        return cls(data["scorecard"], data["content_hash"], data["total"], data["raw_total"],
                   data["grade"], data["passed"], tuple(data.get("vetoes", ())), items,
                   tuple(data.get("errors", ())))

    def as_json(self) -> dict[str, Any]:
        return {"scorecard": self.scorecard, "content_hash": self.content_hash,
                "total": self.total, "raw_total": self.raw_total, "grade": self.grade,
                "passed": self.passed, "vetoed": self.vetoed, "vetoes": list(self.vetoes),
                "errors": list(self.errors), "items": [i.as_json() for i in self.items]}


def item_outcome(item: ScorecardItem, check: CheckResult) -> ItemOutcome:
    """The item's status and points from its check's result."""
    if check.outcome in ("not_applicable", "not_judged", "error"):
        status: ItemStatus = check.outcome
    else:
        status = "hit" if check.outcome == item.hit_when else "no_hit"
    occurrences = 0
    points = 0.0
    if status == "hit":
        occurrences = max(1, len(check.evidence)) if item.per_occurrence else 1
        points = item.points * occurrences
        if item.cap is not None and abs(points) > item.cap:
            points = item.cap if points > 0 else -item.cap
    return ItemOutcome(item.id, status, points, occurrences, check.evidence, item.critical,
                       check.detail, check.error)


def score(scorecard: Scorecard, checks: Mapping[str, CheckResult]) -> ScorecardResult:
    """The conversation's result from each item's check (an item without one is an error)."""
    outcomes = []
    for item in scorecard.items:
        check = checks.get(item.id) or CheckResult("error", error="the item was not checked")
        outcomes.append(item_outcome(item, check))
    return result_of(scorecard, outcomes)


def result_of(scorecard: Scorecard, outcomes: Sequence[ItemOutcome]) -> ScorecardResult:
    raw_total = scorecard.base + sum(o.points for o in outcomes)
    vetoes = tuple(o.item_id for o in outcomes if o.critical and o.status == "hit")
    errors = tuple(o.item_id for o in outcomes if o.status == "error")
    total = 0.0 if vetoes else max(0.0, raw_total)
    grade = scorecard.bands[-1].name if vetoes else grade_of(scorecard, total)
    passed = not vetoes and not errors and total >= scorecard.pass_min
    return ScorecardResult(scorecard.ref, scorecard.content_hash, round(total, 4),
                           round(raw_total, 4), grade, passed, vetoes, tuple(outcomes), errors)


def grade_of(scorecard: Scorecard, total: float) -> str:
    """The first band (highest first) whose min the total reaches; else the lowest."""
    for band in scorecard.bands:
        if total >= band.min_total:
            return band.name
    return scorecard.bands[-1].name
