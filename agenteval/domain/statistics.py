"""Whether a difference between two runs is real: exact McNemar, paired bootstrap, flip rates.

Pure functions on pass/fail verdicts, no I/O. Cases are paired by case key;
a case's verdict in a run is the majority over its attempts, so runs with a
different `repeat` still compare (a tie, e.g. one pass and one failure of two
attempts, counts as not passed: a case must pass more often than not).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

BOOTSTRAP_SEED = 20261130  # fixed, so the same two runs always give the same interval
BOOTSTRAP_RESAMPLES = 2000


@dataclass(frozen=True)
class Significance:
    """The contract's ComparisonSignificance."""

    method: str
    p_value: float | None
    ci95_low: float | None  # of the pass-rate delta (head − base) over paired cases
    ci95_high: float | None
    discordant_base_only: int  # cases passed in base only (McNemar's b)
    discordant_head_only: int  # cases passed in head only (McNemar's c)
    paired_cases: int


METHOD = "exact McNemar on cases paired by key (majority over attempts); paired bootstrap CI"


def majority_passed(attempts: Sequence[bool]) -> bool:
    """A case passed when more than half of its attempts passed."""
    return sum(attempts) * 2 > len(attempts)


def case_verdicts(attempts_by_case: Mapping[str, Sequence[bool]]) -> dict[str, bool]:
    """Each case's majority verdict; cases without attempts are left out."""
    return {key: majority_passed(attempts) for key, attempts in attempts_by_case.items()
            if attempts}


def mcnemar_exact(base_only: int, head_only: int) -> float:
    """Two-sided exact McNemar p-value from the two discordant counts.

    The binomial test of min(b, c) out of b + c at 0.5, doubled and capped
    at 1; with no discordant pair there is no evidence of change: p = 1.0.
    """
    n = base_only + head_only
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(base_only, head_only) + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def paired_bootstrap_ci(pairs: Sequence[tuple[bool, bool]], resamples: int = BOOTSTRAP_RESAMPLES,
                        seed: int = BOOTSTRAP_SEED) -> tuple[float, float] | None:
    """95% percentile interval of mean(head) − mean(base), resampling whole pairs.

    None when there is no pair to resample.
    """
    if not pairs:
        return None
    differences = [int(head) - int(base) for base, head in pairs]
    rng = random.Random(seed)
    n = len(differences)
    deltas = sorted(sum(rng.choices(differences, k=n)) / n for _ in range(resamples))
    return deltas[int(0.025 * resamples)], deltas[min(resamples - 1, int(0.975 * resamples))]


def significance(base: Mapping[str, Sequence[bool]],
                 head: Mapping[str, Sequence[bool]]) -> Significance:
    """McNemar p-value and bootstrap interval for cases present in both runs."""
    base_verdicts, head_verdicts = case_verdicts(base), case_verdicts(head)
    keys = sorted(base_verdicts.keys() & head_verdicts.keys())
    pairs = [(base_verdicts[k], head_verdicts[k]) for k in keys]
    base_only = sum(1 for b, h in pairs if b and not h)
    head_only = sum(1 for b, h in pairs if h and not b)
    interval = paired_bootstrap_ci(pairs)
    return Significance(
        method=METHOD, p_value=mcnemar_exact(base_only, head_only) if pairs else None,
        ci95_low=None if interval is None else interval[0],
        ci95_high=None if interval is None else interval[1],
        discordant_base_only=base_only, discordant_head_only=head_only,
        paired_cases=len(pairs))


def describe_significance(sig: Significance, alpha: float = 0.05) -> str:
    """'significant (p = 0.003)' or 'not significant (p = 0.41)'; '' without a p-value."""
    if sig.p_value is None:
        return ""
    verdict = "significant" if sig.p_value < alpha else "not significant"
    return f"{verdict} (p = {format_p(sig.p_value)})"


def format_p(p_value: float) -> str:
    """Two significant digits, and '< 0.001' below that."""
    if p_value < 0.001:
        return "< 0.001"
    return f"{p_value:.2g}" if p_value < 0.1 else f"{p_value:.2f}"


def is_flaky(attempts: Sequence[bool]) -> bool:
    """The attempts of one case disagree on pass/fail."""
    return len(set(attempts)) > 1


def flip_rate(attempts_by_case: Mapping[str, Sequence[bool]]) -> float | None:
    """Share of cases with ≥ 2 attempts whose attempts disagree; None when none has 2."""
    repeated = [a for a in attempts_by_case.values() if len(a) > 1]
    if not repeated:
        return None
    return sum(1 for a in repeated if is_flaky(a)) / len(repeated)


def attempt_agreement(levels: Sequence[str]) -> float | None:
    """Share of a case's attempts that give its most common success level; None for one."""
    if len(levels) < 2:
        return None
    return max(levels.count(level) for level in set(levels)) / len(levels)
