"""judgeAgreementHistory: the reviewed judgements align reads, as κ over time.

The same reviews as `alignJudge` and the drift alert (engine/alignment/sources.py: a review
queue's per-item verdicts, then case-level reviews of attempts decided by their one JUDGE
rule). A per-item verdict carries no revision label of its own: it is read from the stored
result of that rule (detail.judge.revision) — the case attempt's, or the monitor verdict's
the item of a monitored conversation was made from; a scorecard item's comes with it.
"""

from __future__ import annotations

from dataclasses import replace

from agenteval.domain.alignment.history import HistoryPoint, history
from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.engine.alignment.sources import all_reviewed
from agenteval.store.judge_revisions.review_reads import item_revisions


async def _revisions_of_items(items: list[ReviewedJudgement]) -> list[ReviewedJudgement]:
    """Per-item verdicts with the revision their result recorded."""
    per_item = {i.item_id for i in items if i.basis == "item" and i.scorecard_item is None}
    labels = await item_revisions(per_item) if per_item else {}
    return [replace(i, revision=labels[(i.item_id, i.rule_type)])
            if (i.item_id, i.rule_type) in labels else i for i in items]


async def agreement_history(rule_type: str | None, judge_model: str | None,
                            language: str | None, bucket: str) -> list[HistoryPoint]:
    items = [i for i in await all_reviewed()
             if rule_type in (None, i.rule_type) and language in (None, i.language)
             and judge_model in (None, i.judge_model or "unknown")]
    return history(await _revisions_of_items(items), bucket)
