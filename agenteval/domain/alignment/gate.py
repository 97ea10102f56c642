"""Whether a candidate revision made the judge agree more with reviewers on held-out items.

Both judges (the current revision and the candidate) judge the same held-out items; each
item gives (verdict before, verdict after, reviewer's verdict). Cohen's κ and the share
agreed are measured against the reviewers for both, and a paired bootstrap (whole items
resampled, `BOOTSTRAP_SEED` as in domain/statistics.py) gives 95 % percentile intervals of
κ before, κ after and Δκ = κ after − κ before. The candidate is adopted only when the
interval's lower bound of Δκ is above 0. A resample where κ is undefined (both raters used
one label throughout) counts κ as 0 there: no agreement beyond chance is shown.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.domain.agreement import Agreement, cohen_kappa, judge_agreement
from agenteval.domain.statistics import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED

MIN_HELD_OUT = 40


@dataclass(frozen=True)
class HeldOutVerdict:
    item_id: str
    before: bool
    after: bool
    human: bool


@dataclass(frozen=True)
class Interval:
    low: float
    high: float


@dataclass(frozen=True)
class GateResult:
    before: Agreement
    after: Agreement
    kappa_before_ci: Interval
    kappa_after_ci: Interval
    delta_ci: Interval

    @property
    def delta_kappa(self) -> float:
        return (self.after.kappa or 0.0) - (self.before.kappa or 0.0)

    @property
    def adopt(self) -> bool:
        return self.delta_ci.low > 0


def _kappa(pairs: Sequence[tuple[bool, bool]]) -> float:
    value = cohen_kappa(pairs)
    return 0.0 if value is None else value


def _percentiles(values: list[float], resamples: int) -> Interval:
    ordered = sorted(values)
    return Interval(ordered[int(0.025 * resamples)],
                    ordered[min(resamples - 1, int(0.975 * resamples))])


def measure(verdicts: Sequence[HeldOutVerdict], resamples: int = BOOTSTRAP_RESAMPLES,
            seed: int = BOOTSTRAP_SEED) -> GateResult:
    """κ and agreement before and after, with paired-bootstrap intervals; needs ≥ 1 item."""
    if not verdicts:
        raise ValueError("no held-out verdicts to measure")
    before_pairs = [(v.before, v.human) for v in verdicts]
    after_pairs = [(v.after, v.human) for v in verdicts]
    before, after = judge_agreement(before_pairs), judge_agreement(after_pairs)
    assert before is not None and after is not None
    rng = random.Random(seed)
    n = len(verdicts)
    kb: list[float] = []
    ka: list[float] = []
    for _ in range(resamples):
        picks = rng.choices(range(n), k=n)
        kb.append(_kappa([before_pairs[i] for i in picks]))
        ka.append(_kappa([after_pairs[i] for i in picks]))
    deltas = [a - b for a, b in zip(ka, kb, strict=True)]
    return GateResult(before, after, _percentiles(kb, resamples), _percentiles(ka, resamples),
                      _percentiles(deltas, resamples))


def refusal_reason(rule_type: str, language: str, held_out: int) -> str | None:
    """Why an alignment cannot be judged fairly, or None when there are enough items."""
    if held_out < MIN_HELD_OUT:
        return (f"only {held_out} held-out reviews for {rule_type} ({language}); "
                f"at least {MIN_HELD_OUT} are needed to measure κ")
    return None
