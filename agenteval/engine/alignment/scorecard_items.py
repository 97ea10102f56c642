"""Reviewed judgements of scorecards' LLM-dimension items, from the review queues' verdicts.

A queue's rubric has one entry per judged scorecard item (`scorecard:<position>:<item>`,
verdict = "the item fired"); the review queues leave these out of the JUDGE rules' reviewed
judgements (they mark them `judged: false`), so this reads them for alignment
(store/judge_revisions/review_reads.py). Only items whose check was a `qa_llm_dimension`
answered yes or no count: the attempt's stored scorecard result gives the dimension, the
language, the judge model, its revision and its answer; the answer and whether the item
fired give the item's `hit_when` (fired ⇔ the check's outcome is hit_when). The judgement
is the dimension's: passed = "yes" for the judge; for the reviewer, fired ⇔ outcome =
hit_when. Not applicable never fires, so a "not fired" can be not applicable:
`if_not_applicable` is "pass" when hit_when is "fail" (not fired passes) and "fail"
otherwise — which tells example_shapes.py which correction states a yes/no. A case
attempt's item reads the attempt's stored scorecard result and transcript; a monitored
conversation's item reads the scorecard result of the monitor verdict it was made from and
the conversation's stored (masked) turns — the same judgement, revision label included.
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.engine.review_queues.transcripts import case_transcript, conversation_transcript
from agenteval.store.judge_revisions.review_reads import ScorecardItemReview, scorecard_item_reviews

DIMENSION_RULE = "qa_llm_dimension"


def _dimension_detail(review: ScorecardItemReview) -> dict[str, Any] | None:
    item = review.result_item or {}
    detail = item.get("detail") or {}
    if detail.get("dimension") and detail.get("verdict") in ("yes", "no") and item.get(
            "status") in ("hit", "no_hit"):
        return {**detail, "status": item["status"]}
    return None


async def _transcript(review: ScorecardItemReview) -> list[dict[str, Any]]:
    if review.conversation_id is not None:
        return await conversation_transcript(review.conversation_id)
    if review.run_id is None:
        return []
    return await case_transcript(review.run_id, review.case_key, review.attempt)


async def scorecard_item_reviewed() -> list[ReviewedJudgement]:
    """Every reviewed LLM-dimension scorecard item of a case attempt or a monitored
    conversation, oldest first."""
    found = []
    for review in await scorecard_item_reviews():
        detail = _dimension_detail(review)
        if detail is None:
            continue
        fired_said_no = (detail["status"] == "hit") == (detail["verdict"] == "no")
        hit_when = "fail" if fired_said_no else "pass"
        judge = detail.get("judge") or {}
        transcript = await _transcript(review)
        found.append(ReviewedJudgement(
            item_id=f"{review.review_item_id}:{review.item}", rule_type=DIMENSION_RULE,
            language=str(detail.get("language") or "zh"), judge_model=judge.get("model"),
            rule_params={"dimension": detail["dimension"],
                         "if_not_applicable": "pass" if hit_when == "fail" else "fail"},
            transcript=[{"role": t["role"], "content": t["content"]} for t in transcript],
            judged_turn=None, machine_passed=detail["verdict"] == "yes",
            human_passed=review.human_fired == (hit_when == "pass"),
            reviewed_at=review.reviewed_at, note=review.note, revision=judge.get("revision"),
            basis="item", scorecard_item=review.item))
    return found
