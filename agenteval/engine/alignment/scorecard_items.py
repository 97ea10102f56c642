"""Reviewed judgements of scorecards' LLM-dimension items, from the review queues' verdicts.

A queue's rubric has one entry per judged scorecard item (`scorecard:<position>:<item>`,
verdict = "the item fired"); the review queues leave these out of the JUDGE rules' reviewed
judgements (they mark them `judged: false`), so this reads them for alignment. Only items
whose check was a `qa_llm_dimension` answered yes or no count: the attempt's stored
scorecard result (the rule result at that position) gives the dimension, the language,
the judge model, its revision and its answer; the answer and whether the item fired give
the item's `hit_when` (fired ⇔ the check's outcome is hit_when). The judgement is the
dimension's: passed = "yes" for the judge; for the reviewer, fired ⇔ outcome = hit_when.
Not applicable never fires, so a "not fired" can be not applicable: `if_not_applicable` is
"pass" when hit_when is "fail" (not fired passes) and "fail" otherwise — which tells
example_shapes.py which correction states a yes/no. Case attempts only: a monitored
conversation's scorecard result is not read here (yet).
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from typing import Any

from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.engine.review_queues.transcripts import case_transcript
from agenteval.store.models import CaseOutcome, ReviewAnswerRow, ReviewItemRow, RuleResultRow

DIMENSION_RULE = "qa_llm_dimension"


def _dimension_item(result: dict[str, Any] | None, item_id: str) -> dict[str, Any] | None:
    for item in (result or {}).get("items") or []:
        detail = item.get("detail") or {} if isinstance(item, dict) else {}
        if item.get("item") == item_id and detail.get("dimension") and detail.get(
                "verdict") in ("yes", "no") and item.get("status") in ("hit", "no_hit"):
            return {**detail, "status": item["status"]}
    return None


async def scorecard_item_reviewed() -> list[ReviewedJudgement]:
    """Every reviewed LLM-dimension scorecard item of a case attempt, oldest first."""
    roots = await ReviewItemRow.filter(stage="FIRST", kind="CASE", final__not_isnull=True
                                       ).order_by("created_at", "position")
    wanted: list[tuple[ReviewItemRow, dict[str, Any], dict[str, Any], int, str]] = []
    for root in roots:
        human = (root.final or {}).get("entries") or {}
        for entry in root.rubric.get("entries") or []:
            key = str(entry.get("key"))
            if key.startswith("scorecard:") and key in human:
                _, at, item_id = key.split(":", 2)
                wanted.append((root, entry, human[key], int(at), item_id))
    if not wanted:
        return []
    outcomes = {(o.run_id, o.case_key, o.attempt): o.id for o in await CaseOutcome.filter(
        run_id__in=list({root.run_id for root, *_ in wanted}))}
    results: dict[tuple[uuid.UUID, int], dict[str, Any]] = {}
    for row in await RuleResultRow.filter(outcome_id__in=list(outcomes.values()),
                                          rule_type="scorecard"):
        results[(row.outcome_id, row.position)] = row.detail or {}
    answers: dict[uuid.UUID, ReviewAnswerRow] = {}
    later: dict[uuid.UUID, list[uuid.UUID]] = defaultdict(list)
    for child_id, parent_id in await ReviewItemRow.filter(
            parent_id__in=[root.id for root, *_ in wanted]).values_list("id", "parent_id"):
        later[parent_id].append(child_id)
    found = []
    for root, _entry, human, position, item_id in wanted:
        case_key, attempt = str(root.rubric.get("caseKey")), int(root.rubric.get("attempt") or 0)
        if root.run_id is None:
            continue
        outcome = outcomes.get((root.run_id, case_key, attempt))
        detail = _dimension_item(results.get((outcome, position)), item_id) if outcome else None
        if detail is None:
            continue
        if root.id not in answers:
            latest = await ReviewAnswerRow.filter(item_id__in=[root.id, *later[root.id]]
                                                  ).order_by("-id").first()
            if latest is not None:
                answers[root.id] = latest
        fired_said_no = (detail["status"] == "hit") == (detail["verdict"] == "no")
        hit_when = "fail" if fired_said_no else "pass"
        human_fired = bool(human.get("verdict"))
        judge = detail.get("judge") or {}
        answer = answers.get(root.id)
        found.append(ReviewedJudgement(
            item_id=f"{root.id}:{item_id}", rule_type=DIMENSION_RULE,
            language=str(detail.get("language") or "zh"), judge_model=judge.get("model"),
            rule_params={"dimension": detail["dimension"],
                         "if_not_applicable": "pass" if hit_when == "fail" else "fail"},
            transcript=[{"role": t["role"], "content": t["content"]} for t in
                        await case_transcript(root.run_id, case_key, attempt)],
            judged_turn=None, machine_passed=detail["verdict"] == "yes",
            human_passed=human_fired == (hit_when == "pass"),
            reviewed_at=answer.created_at if answer else root.created_at,
            note=answer.note if answer else None, revision=judge.get("revision"),
            basis="item", scorecard_item=item_id))
    return found
