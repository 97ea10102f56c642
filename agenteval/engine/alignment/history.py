"""judgeAgreementHistory: the reviewed judgements align reads, as κ over time.

The same reviews as `alignJudge` and the drift alert (engine/alignment/sources.py: a review
queue's per-item verdicts, then case-level reviews of attempts decided by their one JUDGE
rule). A per-item verdict on a case attempt carries no revision label of its own: it is
read from the attempt's stored result of that rule (detail.judge.revision); a monitored
conversation's is not known (no revision).
"""

from __future__ import annotations

import uuid
from dataclasses import replace

from agenteval.domain.alignment.history import HistoryPoint, history
from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.engine.alignment.sources import all_reviewed
from agenteval.store.models import CaseOutcome, ReviewItemRow, RuleResultRow


async def _revisions_of_items(items: list[ReviewedJudgement]) -> list[ReviewedJudgement]:
    """Per-item verdicts on case attempts with the revision their result recorded."""
    ids = {uuid.UUID(i.item_id) for i in items if i.basis == "item"}
    if not ids:
        return items
    roots = await ReviewItemRow.filter(id__in=list(ids), kind="CASE").values(
        "id", "run_id", "rubric")
    attempt_of = {str(r["id"]): (r["run_id"], str(r["rubric"].get("caseKey")),
                                 int(r["rubric"].get("attempt") or 0)) for r in roots}
    outcomes = await CaseOutcome.filter(run_id__in=list({a[0] for a in attempt_of.values()})
                                        ).values("id", "run_id", "case_key", "attempt")
    outcome_of = {(o["run_id"], o["case_key"], o["attempt"]): o["id"] for o in outcomes}
    wanted = [outcome_of[a] for a in attempt_of.values() if a in outcome_of]
    labels: dict[tuple[uuid.UUID, str], str | None] = {}
    for result in await RuleResultRow.filter(outcome_id__in=wanted).order_by(
            "position").values("outcome_id", "rule_type", "detail"):
        key = (result["outcome_id"], result["rule_type"])
        labels.setdefault(key, ((result["detail"] or {}).get("judge") or {}).get("revision"))
    found = []
    for item in items:
        attempt = attempt_of.get(item.item_id) if item.basis == "item" else None
        outcome = outcome_of.get(attempt) if attempt else None
        found.append(item if outcome is None
                     else replace(item, revision=labels.get((outcome, item.rule_type))))
    return found


async def agreement_history(rule_type: str | None, judge_model: str | None,
                            language: str | None, bucket: str) -> list[HistoryPoint]:
    items = [i for i in await all_reviewed()
             if rule_type in (None, i.rule_type) and language in (None, i.language)
             and judge_model in (None, i.judge_model or "unknown")]
    return history(await _revisions_of_items(items), bucket)
