"""Reading human reviews: histories, the latest review per target, and agreement figures."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.domain.agreement import Agreement, judge_agreement, kappa_interval
from agenteval.engine.review_queues.corrections import item_rule_pairs
from agenteval.rules.registry import rule_types
from agenteval.store.reviews import human_reviews
from agenteval.store.reviews.human_reviews import HumanReviewRow


async def reviews_by_owner(owner_ids: Sequence[uuid.UUID]
                           ) -> dict[uuid.UUID, list[HumanReviewRow]]:
    """Every review of the given runs or evals (ids never collide), oldest first."""
    rows = await human_reviews.by_owners(owner_ids)
    found: dict[uuid.UUID, list[HumanReviewRow]] = {}
    for row in rows:
        owner = row.run_id or row.eval_id
        assert owner is not None, "a review belongs to a run or an eval"
        found.setdefault(owner, []).append(row)
    return found


def latest_by_target(rows: Sequence[HumanReviewRow]) -> dict[str, HumanReviewRow]:
    """The review that counts for each target: the latest."""
    latest: dict[str, HumanReviewRow] = {}
    for row in sorted(rows, key=lambda r: r.id):
        latest[row.target] = row
    return latest


def human_label(row: HumanReviewRow) -> str | None:
    """The reviewer's answer in the machine's vocabulary (a level, or 'true'/'false')."""
    if row.success_level is not None:
        return row.success_level
    if row.goal_achieved is not None:
        return str(row.goal_achieved).lower()
    return None


def agreement_of(rows: Sequence[HumanReviewRow], prefix: str) -> Agreement | None:
    """Machine against human over the latest reviews of targets starting with `prefix`."""
    pairs = [(row.machine_label, label) for target, row in latest_by_target(rows).items()
             if target.startswith(prefix) and row.machine_label is not None
             and (label := human_label(row)) is not None]
    return judge_agreement(pairs)


def finding_counts(rows: Sequence[HumanReviewRow]) -> tuple[int, int]:
    """(confirmed, rejected) findings by their latest review."""
    decisions = [row.decision for target, row in latest_by_target(rows).items()
                 if target.startswith("finding:")]
    return decisions.count("CONFIRMED"), decisions.count("REJECTED")


@dataclass(frozen=True)
class RuleAgreement:
    """Agreement of humans with one JUDGE rule and model: over per-item reviews of the rule
    (basis "item", review queues) where they exist, else over the outcomes of reviewed cases
    that carry it (basis "case"); κ's 95% bootstrap interval alongside."""

    rule_type: str
    judge_model: str
    agreement: Agreement
    basis: str = "case"
    kappa_interval: tuple[float, float] | None = None


async def agreement_by_judge_rule() -> list[RuleAgreement]:
    """For each JUDGE-backed rule type and judge model: per-item reviews of its verdicts
    where there are any (basis "item"), else, across all runs, the automatic level of the
    reviewed attempts that carry that rule against the human level (basis "case")."""
    by_item = await item_rule_pairs()
    found = [RuleAgreement(rule, model, agreement, "item", kappa_interval(pairs))
             for (rule, model), pairs in sorted(by_item.items())
             if (agreement := judge_agreement(pairs)) is not None]
    return sorted(found + [a for a in await _case_level() if (a.rule_type, a.judge_model)
                           not in by_item], key=lambda a: (a.rule_type, a.judge_model))


async def _case_level() -> list[RuleAgreement]:
    judge_rules = [info.name for info in rule_types() if info.model_role == "JUDGE"]
    pairs: dict[tuple[str, str], dict[uuid.UUID, tuple[str, str]]] = {}
    for result in await human_reviews.reviewed_judge_results(judge_rules):
        model = str((result.detail.get("judge") or {}).get("model") or "unknown")
        # One pair per attempt even when the attempt carries the rule twice.
        pairs.setdefault((result.rule_type, model), {})[result.outcome_id] = (
            result.machine_label, result.human_level)
    found = []
    for (rule_type, model), by_outcome in sorted(pairs.items()):
        agreement = judge_agreement(list(by_outcome.values()))
        if agreement is not None:
            found.append(RuleAgreement(rule_type, model, agreement, "case",
                                       kappa_interval(list(by_outcome.values()))))
    return found
