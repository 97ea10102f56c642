"""Reads of the review queues' stored verdicts for judge alignment and its history, handed
out as frozen records (the engine reaches the database through the store's adapters).

- `item_revisions`: for per-item verdicts on case attempts and monitored conversations, the
  judge revision each judged rule's stored result recorded (detail.judge.revision): the
  attempt's rule results, or the results of the monitor verdict the item was made from.
- `scorecard_item_reviews`: every final verdict on a scorecard item of a case attempt or a
  monitored conversation, with that item's entry of the stored scorecard result (the
  attempt's, or the reviewed monitor verdict's).
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from agenteval.store.models import (
    CaseOutcome,
    MonitorVerdict,
    ReviewAnswerRow,
    ReviewItemRow,
    RuleResultRow,
)


@dataclass(frozen=True)
class ScorecardItemReview:
    review_item_id: str
    run_id: uuid.UUID | None  # a case attempt's run (None: a monitored conversation)
    case_key: str
    attempt: int
    item: str
    human_fired: bool
    result_item: dict[str, Any] | None  # {"item", "status", "detail", …}; None: not stored
    reviewed_at: datetime
    note: str | None
    conversation_id: uuid.UUID | None = None  # a monitored conversation's item


def _attempt(rubric: dict[str, Any]) -> tuple[str, int]:
    return str(rubric.get("caseKey")), int(rubric.get("attempt") or 0)


async def _outcomes(run_ids: set[uuid.UUID]) -> dict[tuple[uuid.UUID, str, int], uuid.UUID]:
    rows = await CaseOutcome.filter(run_id__in=list(run_ids)).values(
        "id", "run_id", "case_key", "attempt")
    return {(o["run_id"], o["case_key"], o["attempt"]): o["id"] for o in rows}


def _uuid(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


async def _verdict_results(roots: list[ReviewItemRow]) -> dict[uuid.UUID, list[dict[str, Any]]]:
    """Monitored conversations' items → the results of the monitor verdict each was made from
    (`rubric.verdictId`); an item whose verdict was purged has none."""
    by_verdict = {root.id: v for root in roots if (v := _uuid(root.rubric.get("verdictId")))}
    rows = await MonitorVerdict.filter(id__in=list(set(by_verdict.values()))).values(
        "id", "results")
    results = {row["id"]: list(row["results"] or []) for row in rows}
    return {root_id: results[v] for root_id, v in by_verdict.items() if v in results}


def _label(detail: dict[str, Any] | None) -> str | None:
    return ((detail or {}).get("judge") or {}).get("revision")


async def item_revisions(item_ids: set[str]) -> dict[tuple[str, str], str | None]:
    """(review item id, rule type) → the revision label its case attempt's result, or its
    monitored conversation's verdict, recorded."""
    ids = [uuid.UUID(i) for i in item_ids]
    labels: dict[tuple[str, str], str | None] = {}
    conversations = await ReviewItemRow.filter(id__in=ids, kind="CONVERSATION")
    for item_id, results in (await _verdict_results(conversations)).items():
        for result in results:
            labels.setdefault((str(item_id), str(result.get("ruleType"))),
                              _label(result.get("detail")))
    roots = await ReviewItemRow.filter(id__in=ids, kind="CASE", run_id__not_isnull=True)
    if not roots:
        return labels
    outcome_of = await _outcomes({r.run_id for r in roots if r.run_id is not None})
    by_outcome: dict[uuid.UUID, list[str]] = defaultdict(list)
    for root in roots:
        assert root.run_id is not None  # filtered above
        outcome = outcome_of.get((root.run_id, *_attempt(root.rubric)))
        if outcome is not None:
            by_outcome[outcome].append(str(root.id))
    for result in await RuleResultRow.filter(outcome_id__in=list(by_outcome)).order_by(
            "position").values("outcome_id", "rule_type", "detail"):
        for root_id in by_outcome[result["outcome_id"]]:
            labels.setdefault((root_id, result["rule_type"]), _label(result["detail"]))
    return labels


async def _case_scorecards(roots: list[ReviewItemRow]) -> dict[tuple[uuid.UUID, int],
                                                                  dict[str, Any]]:
    """(case attempt's item, position) → the attempt's stored scorecard result there."""
    outcome_of = await _outcomes({root.run_id for root in roots if root.run_id})
    by_outcome: dict[uuid.UUID, dict[int, dict[str, Any]]] = defaultdict(dict)
    for row in await RuleResultRow.filter(outcome_id__in=list(outcome_of.values()),
                                          rule_type="scorecard"):
        by_outcome[row.outcome_id][row.position] = row.detail or {}
    found = {}
    for root in roots:
        assert root.run_id is not None  # the caller's case attempts have a run
        outcome = outcome_of.get((root.run_id, *_attempt(root.rubric)))
        for position, detail in by_outcome.get(outcome, {}).items() if outcome else ():
            found[(root.id, position)] = detail
    return found


async def _conversation_scorecards(roots: list[ReviewItemRow]
                                   ) -> dict[tuple[uuid.UUID, int], dict[str, Any]]:
    """(monitored conversation's item, position) → the scorecard result at that position of
    the monitor verdict the item was made from (its rubric's positions are the verdict's)."""
    return {(root_id, position): result.get("detail") or {}
            for root_id, results in (await _verdict_results(roots)).items()
            for position, result in enumerate(results)
            if isinstance(result, dict) and result.get("ruleType") == "scorecard"}


async def scorecard_item_reviews() -> list[ScorecardItemReview]:
    """Final verdicts on scorecard items (`scorecard:<position>:<item>`) of case attempts and
    monitored conversations, oldest first; the latest answer of the item's stages gives the
    time and the note."""
    roots = await ReviewItemRow.filter(stage="FIRST", kind__in=["CASE", "CONVERSATION"],
                                       final__not_isnull=True
                                       ).order_by("created_at", "position")
    wanted: list[tuple[ReviewItemRow, dict[str, Any], int, str]] = []
    for root in roots:
        if root.kind == "CASE" and root.run_id is None:
            continue
        human = (root.final or {}).get("entries") or {}
        for entry in root.rubric.get("entries") or []:
            key = str(entry.get("key"))
            if key.startswith("scorecard:") and key in human:
                _, at, item = key.split(":", 2)
                wanted.append((root, human[key], int(at), item))
    if not wanted:
        return []
    reviewed_roots = list({root.id: root for root, *_ in wanted}.values())
    results = {**await _case_scorecards([r for r in reviewed_roots if r.kind == "CASE"]),
               **await _conversation_scorecards([r for r in reviewed_roots
                                                 if r.kind == "CONVERSATION"])}
    stages: dict[uuid.UUID, list[uuid.UUID]] = defaultdict(list)
    for child_id, parent_id in await ReviewItemRow.filter(
            parent_id__in=[root.id for root in reviewed_roots]).values_list("id", "parent_id"):
        stages[parent_id].append(child_id)
    latest: dict[uuid.UUID, ReviewAnswerRow | None] = {}
    found = []
    for root, human, position, item in wanted:
        result = results.get((root.id, position))
        result_item = next((i for i in (result or {}).get("items") or []
                            if isinstance(i, dict) and i.get("item") == item), None)
        if root.id not in latest:
            latest[root.id] = await ReviewAnswerRow.filter(
                item_id__in=[root.id, *stages[root.id]]).order_by("-id").first()
        answer = latest[root.id]
        case_key, attempt = _attempt(root.rubric) if root.kind == "CASE" else ("", 0)
        found.append(ScorecardItemReview(
            str(root.id), root.run_id if root.kind == "CASE" else None, case_key, attempt,
            item, bool(human.get("verdict")), result_item,
            answer.created_at if answer else root.created_at, answer.note if answer else None,
            _uuid(root.rubric.get("conversationId")) if root.kind == "CONVERSATION" else None))
    return found
