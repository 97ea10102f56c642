"""Reads behind the case-level source of reviewed judgements (engine/alignment/case_reviews):
the latest level review of each reviewed run attempt, and the runs, attempts, rule results
and turns behind them, a handful of queries whatever the number of reviews.

The rows still cross this port (read-only); exported so the engine names them."""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.store.models import CaseOutcome, HumanReviewRow, RuleResultRow, Run, RunTurn
from agenteval.store.reviews.human_reviews import case_level_reviews

__all__ = ["CaseOutcome", "HumanReviewRow", "ReviewedAttempts", "RuleResultRow", "Run",
           "RunTurn", "attempt_details", "reviewed_attempts"]


@dataclass(frozen=True)
class ReviewedAttempts:
    """`latest`: (run id, target) → the review that counts; `runs` and their `outcomes`."""

    latest: dict[tuple[uuid.UUID, str], HumanReviewRow]
    runs: dict[uuid.UUID, Run]
    outcomes: list[CaseOutcome]


async def reviewed_attempts() -> ReviewedAttempts:
    latest: dict[tuple[uuid.UUID, str], HumanReviewRow] = {}
    for row in await case_level_reviews():
        assert row.run_id is not None
        latest[(row.run_id, row.target)] = row
    runs = {run.id: run for run in await Run.filter(id__in=list({r for r, _ in latest}))}
    return ReviewedAttempts(latest, runs, list(await CaseOutcome.filter(run_id__in=list(runs))))


async def attempt_details(outcome_ids: Sequence[uuid.UUID]
                          ) -> tuple[dict[uuid.UUID, list[RuleResultRow]],
                                     dict[uuid.UUID, list[RunTurn]]]:
    """The attempts' rule results (by position) and turns (by index)."""
    results: dict[uuid.UUID, list[RuleResultRow]] = defaultdict(list)
    for result in await RuleResultRow.filter(outcome_id__in=list(outcome_ids)
                                             ).order_by("position"):
        results[result.outcome_id].append(result)
    turns: dict[uuid.UUID, list[RunTurn]] = defaultdict(list)
    for turn in await RunTurn.filter(outcome_id__in=list(outcome_ids)).order_by("index"):
        turns[turn.outcome_id].append(turn)
    return results, turns
