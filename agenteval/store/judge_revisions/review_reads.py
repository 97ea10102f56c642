"""Reads of the review queues' stored verdicts for judge alignment and its history, handed
out as frozen records (the engine reaches the database through the store's adapters).

- `case_item_revisions`: for per-item verdicts on case attempts, the judge revision each
  judged rule's stored result recorded (detail.judge.revision).
- `scorecard_item_reviews`: every final verdict on a scorecard item of a case attempt, with
  that item's entry of the attempt's stored scorecard result.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from agenteval.store.models import CaseOutcome, ReviewAnswerRow, ReviewItemRow, RuleResultRow


@dataclass(frozen=True)
class ScorecardItemReview:
    review_item_id: str
    run_id: uuid.UUID
    case_key: str
    attempt: int
    item: str
    human_fired: bool
    result_item: dict[str, Any] | None  # {"item", "status", "detail", …}; None: not stored
    reviewed_at: datetime
    note: str | None


def _attempt(rubric: dict[str, Any]) -> tuple[str, int]:
    return str(rubric.get("caseKey")), int(rubric.get("attempt") or 0)


async def _outcomes(run_ids: set[uuid.UUID]) -> dict[tuple[uuid.UUID, str, int], uuid.UUID]:
    rows = await CaseOutcome.filter(run_id__in=list(run_ids)).values(
        "id", "run_id", "case_key", "attempt")
    return {(o["run_id"], o["case_key"], o["attempt"]): o["id"] for o in rows}


async def case_item_revisions(item_ids: set[str]) -> dict[tuple[str, str], str | None]:
    """(review item id, rule type) → the revision label its case attempt's result recorded."""
    ids = [uuid.UUID(i) for i in item_ids]
    roots = await ReviewItemRow.filter(id__in=ids, kind="CASE", run_id__not_isnull=True)
    if not roots:
        return {}
    outcome_of = await _outcomes({r.run_id for r in roots if r.run_id is not None})
    by_outcome: dict[uuid.UUID, list[str]] = defaultdict(list)
    for root in roots:
        assert root.run_id is not None  # filtered above
        outcome = outcome_of.get((root.run_id, *_attempt(root.rubric)))
        if outcome is not None:
            by_outcome[outcome].append(str(root.id))
    labels: dict[tuple[str, str], str | None] = {}
    for result in await RuleResultRow.filter(outcome_id__in=list(by_outcome)).order_by(
            "position").values("outcome_id", "rule_type", "detail"):
        label = ((result["detail"] or {}).get("judge") or {}).get("revision")
        for root_id in by_outcome[result["outcome_id"]]:
            labels.setdefault((root_id, result["rule_type"]), label)
    return labels


async def scorecard_item_reviews() -> list[ScorecardItemReview]:
    """Final verdicts on scorecard items (`scorecard:<position>:<item>`) of case attempts,
    oldest first; the latest answer of the item's stages gives the time and the note."""
    roots = await ReviewItemRow.filter(stage="FIRST", kind="CASE", final__not_isnull=True,
                                       run_id__not_isnull=True
                                       ).order_by("created_at", "position")
    wanted: list[tuple[ReviewItemRow, dict[str, Any], int, str]] = []
    for root in roots:
        human = (root.final or {}).get("entries") or {}
        for entry in root.rubric.get("entries") or []:
            key = str(entry.get("key"))
            if key.startswith("scorecard:") and key in human:
                _, at, item = key.split(":", 2)
                wanted.append((root, human[key], int(at), item))
    if not wanted:
        return []
    outcome_of = await _outcomes({root.run_id for root, *_ in wanted if root.run_id})
    results: dict[tuple[uuid.UUID, int], dict[str, Any]] = {}
    for row in await RuleResultRow.filter(outcome_id__in=list(outcome_of.values()),
                                          rule_type="scorecard"):
        results[(row.outcome_id, row.position)] = row.detail or {}
    stages: dict[uuid.UUID, list[uuid.UUID]] = defaultdict(list)
    for child_id, parent_id in await ReviewItemRow.filter(
            parent_id__in=[root.id for root, *_ in wanted]).values_list("id", "parent_id"):
        stages[parent_id].append(child_id)
    latest: dict[uuid.UUID, ReviewAnswerRow | None] = {}
    found = []
    for root, human, position, item in wanted:
        assert root.run_id is not None  # filtered above
        case_key, attempt = _attempt(root.rubric)
        outcome = outcome_of.get((root.run_id, case_key, attempt))
        result = results.get((outcome, position)) if outcome is not None else None
        result_item = next((i for i in (result or {}).get("items") or []
                            if isinstance(i, dict) and i.get("item") == item), None)
        if root.id not in latest:
            latest[root.id] = await ReviewAnswerRow.filter(
                item_id__in=[root.id, *stages[root.id]]).order_by("-id").first()
        answer = latest[root.id]
        found.append(ScorecardItemReview(
            str(root.id), root.run_id, case_key, attempt, item, bool(human.get("verdict")),
            result_item, answer.created_at if answer else root.created_at,
            answer.note if answer else None))
    return found
