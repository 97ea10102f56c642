"""Human reviews on the database: kept, never overwritten (the latest of a target counts).

The review rows still cross this port (the API's types read their attributes); exported
here, with the reviewer's key, so the engine names them without importing the models."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tortoise.expressions import Q

from agenteval.store.models import ApiKey, CaseOutcome, HumanReviewRow, RuleResultRow

__all__ = ["ApiKey", "AttemptLevel", "HumanReviewRow", "ReviewedResult", "add", "attempt_level",
           "by_owners",
           "case_level_reviews", "latest_of", "reviewed_judge_results"]


async def add(*, target: str, reviewer: str, reviewer_key_id: uuid.UUID | None,
              note: str | None, run_id: uuid.UUID | None = None,
              eval_id: uuid.UUID | None = None, **verdict: Any) -> None:
    """One more review of the target; `verdict`: success_level, goal_achieved, decision,
    machine_label."""
    await HumanReviewRow.create(run_id=run_id, eval_id=eval_id, target=target,
                                reviewer=reviewer, reviewer_key_id=reviewer_key_id, note=note,
                                **verdict)


async def by_owners(owner_ids: Sequence[uuid.UUID]) -> list[HumanReviewRow]:
    """Every review of the given runs or evals, oldest first."""
    return list(await HumanReviewRow.filter(
        Q(run_id__in=list(owner_ids)) | Q(eval_id__in=list(owner_ids))).order_by("id"))


async def case_level_reviews() -> list[HumanReviewRow]:
    """Every review that gives a case attempt of a run its level, oldest first."""
    return list(await HumanReviewRow.filter(run_id__not_isnull=True, target__startswith="case:",
                                            success_level__not_isnull=True).order_by("id"))


async def latest_of(run_id: uuid.UUID | None, eval_id: uuid.UUID | None, target: str
                    ) -> HumanReviewRow | None:
    """The review of the target that counts (the latest), if any."""
    return await (HumanReviewRow.filter(run_id=run_id, eval_id=eval_id, target=target)
                  .order_by("-id").first())


@dataclass(frozen=True)
class ReviewedResult:
    """A stored result of one of `rule_types` on a reviewed attempt, with the attempt's
    latest review's machine and human levels."""

    outcome_id: uuid.UUID
    rule_type: str
    detail: dict[str, Any]
    machine_label: str
    human_level: str


async def reviewed_judge_results(rule_types: Sequence[str]) -> list[ReviewedResult]:
    """The results of the given rule types on every attempt a run's review gave a level."""
    reviews = await HumanReviewRow.filter(run_id__not_isnull=True,
                                          success_level__not_isnull=True).order_by("id")
    latest: dict[tuple[uuid.UUID, str], HumanReviewRow] = {}
    for row in reviews:
        assert row.run_id is not None
        latest[(row.run_id, row.target)] = row
    if not latest or not rule_types:
        return []
    outcomes = await CaseOutcome.filter(run_id__in=list({run for run, _ in latest})).values(
        "id", "run_id", "case_key", "attempt")
    outcome_target = {o["id"]: (o["run_id"], f"case:{o['case_key']}#{o['attempt']}")
                      for o in outcomes}
    reviewed_ids = [oid for oid, key in outcome_target.items() if key in latest]
    found = []
    for result in await RuleResultRow.filter(outcome_id__in=reviewed_ids,
                                             rule_type__in=list(rule_types)).values(
            "outcome_id", "rule_type", "detail"):
        review = latest[outcome_target[result["outcome_id"]]]
        assert review.machine_label is not None and review.success_level is not None
        found.append(ReviewedResult(result["outcome_id"], result["rule_type"],
                                    result["detail"] or {}, review.machine_label,
                                    review.success_level))
    return found


@dataclass(frozen=True)
class AttemptLevel:
    """The level the machine gave one attempt of a run (None: it gave none)."""

    success_level: str | None


async def attempt_level(run_id: uuid.UUID, case_key: str, attempt: int) -> AttemptLevel | None:
    """None when the run has no such attempt."""
    outcome = await CaseOutcome.get_or_none(run_id=run_id, case_key=case_key, attempt=attempt)
    return None if outcome is None else AttemptLevel(outcome.success_level)
