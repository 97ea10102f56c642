"""Review workbench figures: agreement and κ (with its 95% interval) over label pairs. Pure."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from agenteval.domain.agreement import Agreement, judge_agreement, kappa_interval


@dataclass(frozen=True)
class Figures:
    """Agreement of two raters over reviewed items, with κ's bootstrap interval."""

    agreement: Agreement | None
    kappa_low: float | None
    kappa_high: float | None


def figures(pairs: Sequence[tuple[Hashable, Hashable]]) -> Figures:
    interval = kappa_interval(pairs)
    return Figures(judge_agreement(pairs), None if interval is None else interval[0],
                   None if interval is None else interval[1])


@dataclass(frozen=True)
class ReviewerFigures:
    reviewer_key_id: str
    reviewer: str
    answered: int
    holding: int
    seconds_median: float | None
    with_machine: Figures  # the reviewer's item-level answers against the automatic ones
    overturned_by_appeal: int


@dataclass(frozen=True)
class RuleFigures:
    rule_type: str
    judge_model: str | None
    reviewed: int
    with_machine: Figures
    appealed: int
    overturned_by_appeal: int


@dataclass(frozen=True)
class KindFigures:
    """Inter-reviewer agreement (first against blind second review) for one item type."""

    kind: str  # CASE | SESSION | FINDING | RULE
    between_reviewers: Figures


@dataclass(frozen=True)
class QueueFigures:
    items: int
    decided: int
    open_by_stage: dict[str, int]
    appealed: int
    overturned_by_appeal: int
    reviewers: list[ReviewerFigures]
    rules: list[RuleFigures]
    kinds: list[KindFigures]


def median(values: Sequence[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
