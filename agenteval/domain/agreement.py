"""How often human reviewers agreed with the automatic judgement: agreement and Cohen's kappa.

Each pair is (machine label, human label) for one reviewed item: a case's
success level, a finding kept (CONFIRMED) or not, a session's goal verdict.
Pure functions, no I/O.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from agenteval.domain.statistics import BOOTSTRAP_SEED


@dataclass(frozen=True)
class Agreement:
    """The contract's JudgeAgreement."""

    reviewed: int
    agreed: int
    agreement: float  # agreed / reviewed
    kappa: float | None  # Cohen's kappa; None when undefined (chance agreement is 1)


def cohen_kappa(pairs: Sequence[tuple[Hashable, Hashable]]) -> float | None:
    """(p_o − p_e) / (1 − p_e) over the labels both raters used.

    Undefined (None) without pairs, or when both raters used one and the same
    label for everything (p_e = 1: agreement expected by chance is total).
    """
    if not pairs:
        return None
    n = len(pairs)
    observed = sum(1 for machine, human in pairs if machine == human) / n
    machine_counts = Counter(machine for machine, _ in pairs)
    human_counts = Counter(human for _, human in pairs)
    expected = sum(machine_counts[label] * human_counts[label]
                   for label in machine_counts) / (n * n)
    if expected >= 1.0:
        return None
    return (observed - expected) / (1.0 - expected)


def judge_agreement(pairs: Sequence[tuple[Hashable, Hashable]]) -> Agreement | None:
    """Agreement of machine and human labels; None when nothing was reviewed."""
    if not pairs:
        return None
    agreed = sum(1 for machine, human in pairs if machine == human)
    return Agreement(reviewed=len(pairs), agreed=agreed, agreement=agreed / len(pairs),
                     kappa=cohen_kappa(pairs))


def describe_agreement(agreement: Agreement | None) -> str:
    """'9 of 10 reviewed agree (90.0%, κ = 0.78)' or 'nothing reviewed yet'."""
    if agreement is None:
        return "nothing reviewed yet"
    kappa = "κ undefined" if agreement.kappa is None else f"κ = {agreement.kappa:.2f}"
    return (f"{agreement.agreed} of {agreement.reviewed} reviewed agree "
            f"({agreement.agreement:.1%}, {kappa})")


KAPPA_RESAMPLES = 1000


def kappa_interval(pairs: Sequence[tuple[Hashable, Hashable]],
                   resamples: int = KAPPA_RESAMPLES) -> tuple[float, float] | None:
    """95% percentile bootstrap interval of Cohen's κ, resampling whole pairs with the fixed
    seed of domain/statistics (the same reviews always give the same interval). Resamples
    where κ is undefined are left out; None without pairs or when κ is never defined."""
    if not pairs:
        return None
    rng = random.Random(BOOTSTRAP_SEED)
    values = sorted(k for _ in range(resamples)
                    if (k := cohen_kappa(rng.choices(pairs, k=len(pairs)))) is not None)
    if not values:
        return None
    return values[int(0.025 * len(values))], values[min(len(values) - 1,
                                                        int(0.975 * len(values)))]
