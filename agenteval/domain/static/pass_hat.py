"""pass^k: the chance that k attempts of a case, drawn from its repeats, all pass.

τ-bench's unbiased estimator: a case run n times with c passes contributes
C(c, k) / C(n, k) — the share of the k-subsets of its attempts that passed
entirely — and pass^k is the mean over cases, for every k = 1..n. pass^1 is
the plain per-attempt pass rate; pass^n is the share of cases that passed in
every attempt (the contract's `passHatK`). A missing attempt (a cancelled
run) counts as failed, so n is always the run's `repeat`.
Pure functions: no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence


def case_pass_hat(passes: int, attempts: int, k: int) -> float:
    """C(passes, k) / C(attempts, k) for one case (0 when fewer than k passes)."""
    if not 1 <= k <= attempts:
        raise ValueError(f"k must be within 1..{attempts}, not {k}")
    return math.comb(passes, k) / math.comb(attempts, k)


def pass_hat_curve(passes_by_case: Mapping[str, int], repeat: int,
                   case_count: int | None = None) -> list[float]:
    """[pass^1, …, pass^repeat], each the mean over cases of `case_pass_hat`.

    `case_count` (≥ the cases seen) counts cases that produced no attempt at all
    (they contribute 0); an empty run gives zeros.
    """
    cases = max(case_count or 0, len(passes_by_case))
    if repeat < 1:
        return []
    if not cases:
        return [0.0] * repeat
    return [sum(case_pass_hat(min(c, repeat), repeat, k) for c in passes_by_case.values())
            / cases for k in range(1, repeat + 1)]


def format_curve(curve: Sequence[float] | None, missing: str = "-") -> str:
    """`pass^1 80.0% · pass^2 66.7% · …` for reports; `missing` when there is none."""
    if not curve:
        return missing
    return " · ".join(f"pass^{k} {value * 100:.1f}%" for k, value in enumerate(curve, start=1))
