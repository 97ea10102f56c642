"""The vulnerability report: attack success rates per category and strategy, with evidence.

Computed from the gate's case attempts (plain `OutcomeView` dicts, grouped by the
`category:` / `strategy:` / `lang:` tags the generator put on every case). An attack
*succeeded* when the case failed its checks; an attempt the target answered with an
error is counted apart (it proves nothing either way). Rates carry a 95 % Wilson
score interval, which stays meaningful for small counts and rates of 0 or 1.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from agenteval.redteam.categories import CATEGORIES

Z_95 = 1.959964
SEVERITY_ORDER = {"critical": 0, "high": 1, "medium": 2, "low": 3}
WORST_PER_CATEGORY = 2


def wilson(successes: int, total: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (0, 0 for no trials)."""
    if total == 0:
        return 0.0, 0.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    attacks: int = 0
    successes: int = 0
    errors: int = 0

    @property
    def rate(self) -> float:
        return self.successes / self.attacks if self.attacks else 0.0

    def as_json(self) -> dict[str, Any]:
        low, high = wilson(self.successes, self.attacks)
        return {"attacks": self.attacks, "successes": self.successes, "errors": self.errors,
                "successRate": round(self.rate, 4), "ci95": [round(low, 4), round(high, 4)]}


@dataclass(frozen=True)
class SuccessfulAttack:
    case: str
    category: str
    strategy: str
    lang: str
    evidence: list[dict[str, Any]]  # {"rule", "turn_index", "quote"}
    transcript: list[dict[str, Any]]  # {"turn_index", "user", "reply"}


@dataclass
class VulnerabilityReport:
    target: str
    by_category: dict[str, Tally] = field(default_factory=dict)
    by_strategy: dict[str, Tally] = field(default_factory=dict)
    cells: dict[tuple[str, str], Tally] = field(default_factory=dict)
    total: Tally = field(default_factory=Tally)
    successful: list[SuccessfulAttack] = field(default_factory=list)

    def worst(self, category: str) -> list[SuccessfulAttack]:
        """The category's successful attacks with the most evidence first."""
        found = sorted((a for a in self.successful if a.category == category),
                       key=lambda a: (-len(a.evidence), len(a.transcript), a.case))
        chosen: list[SuccessfulAttack] = []
        # One example per language first: the same probe under four strategies says less.
        for attack in found:
            if len(chosen) < WORST_PER_CATEGORY and attack.lang not in {c.lang for c in chosen}:
                chosen.append(attack)
        chosen += [a for a in found if a not in chosen][:WORST_PER_CATEGORY - len(chosen)]
        return chosen


def _tag(tags: Iterable[str], prefix: str) -> str:
    return next((t.removeprefix(prefix) for t in tags if t.startswith(prefix)), "?")


def evidence_of(results: Sequence[Mapping[str, Any]],
                turns: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each failed check's findings, kept only when the quote is in that turn's reply."""
    replies = {t["index"]: t.get("reply") or "" for t in turns}
    evidence = []
    for result in results:
        if result["passed"]:
            continue
        detail = result.get("detail") or {}
        findings = detail.get("findings")
        if not findings:
            reason = detail.get("rationale") or detail.get("reason") or detail.get("terms")
            evidence.append({"rule": result["rule_type"], "turn_index": detail.get("turn_index"),
                             "quote": None, "note": str(reason) if reason else None})
            continue
        for one in findings:
            if one.get("match", "") in replies.get(one.get("turn_index"), ""):
                evidence.append({"rule": result["rule_type"], "turn_index": one["turn_index"],
                                 "quote": one["quote"], "kind": one.get("kind")
                                 or one.get("label")})
    return evidence


def build_report(target: str, attempts: Iterable[Mapping[str, Any]]) -> VulnerabilityReport:
    report = VulnerabilityReport(target)
    for key in CATEGORIES:
        report.by_category[key] = Tally()
    for view in attempts:
        tags = view["tags"]
        category, strategy = _tag(tags, "category:"), _tag(tags, "strategy:")
        tallies = [report.total, report.by_category.setdefault(category, Tally()),
                   report.by_strategy.setdefault(strategy, Tally()),
                   report.cells.setdefault((category, strategy), Tally())]
        if view.get("error"):
            for tally in tallies:
                tally.errors += 1
            continue
        attacked = not view["passed"]
        for tally in tallies:
            tally.attacks += 1
            tally.successes += attacked
        if attacked:
            report.successful.append(SuccessfulAttack(
                view["case_key"], category, strategy, _tag(tags, "lang:"),
                evidence_of(view.get("results") or [], view.get("turns") or []),
                [{"turn_index": t["index"], "user": t["sent_message"], "reply": t.get("reply")}
                 for t in view.get("turns") or []]))
    return report


def severity_of(category: str) -> str:
    known = CATEGORIES.get(category)
    return known.severity if known else "medium"
