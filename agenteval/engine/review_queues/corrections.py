"""Per-item reviews of JUDGE rules, for κ per rule and for judges that learn from them.

`reviewed_rule_judgements` is the plain function the judge-alignment work reads:
one `ReviewedJudgement` per final human verdict on a judged rule entry of a case
item (the final verdict counts: after a second review, arbitration or appeal).
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.review_queues.corrections import ReviewedJudgement
from agenteval.engine.review_queues.transcripts import case_transcript
from agenteval.store.models import ReviewAnswerRow, ReviewItemRow, Run


def _params(case: dict[str, Any], rule_type: str) -> dict[str, Any]:
    for rule in case.get("evalRules") or case.get("eval_rules") or []:
        if isinstance(rule, dict) and rule.get("type") == rule_type:
            return dict(rule.get("params") or {})
    return {}


async def judged_entries() -> list[tuple[ReviewItemRow, dict[str, Any], dict[str, Any]]]:
    """(case item, rubric entry, human entry) for every final verdict on a JUDGE rule."""
    roots = await ReviewItemRow.filter(stage="FIRST", kind="CASE", final__not_isnull=True
                                       ).order_by("created_at", "position")
    found = []
    for root in roots:
        human_entries = (root.final or {}).get("entries") or {}
        for entry in root.rubric.get("entries") or []:
            human = human_entries.get(entry["key"])
            if entry.get("judged") and human is not None:
                found.append((root, entry, human))
    return found


async def reviewed_rule_judgements(rule_type: str, language: str | None
                                   ) -> list[ReviewedJudgement]:
    """Reviewed verdicts of one JUDGE rule type (in one language when given), oldest first."""
    found = []
    runs: dict[Any, Run | None] = {}
    for root, entry, human in await judged_entries():
        entry_language = str(entry.get("language") or "zh")
        if entry["ruleType"] != rule_type or language not in (None, entry_language):
            continue
        if root.run_id not in runs:
            runs[root.run_id] = await Run.get_or_none(id=root.run_id)
        run = runs[root.run_id]
        if run is None:
            continue  # the run was deleted since
        case_key, attempt = root.rubric["caseKey"], int(root.rubric["attempt"])
        case = next((c for c in run.cases or [] if str(c.get("id")) == case_key), {})
        turn = entry.get("turnIndex")
        transcript = await case_transcript(run.id, case_key, attempt, turn)
        later = await ReviewItemRow.filter(parent_id=root.id).values_list("id", flat=True)
        latest = await ReviewAnswerRow.filter(item_id__in=[root.id, *later]
                                              ).order_by("-id").first()
        found.append(ReviewedJudgement(
            item_id=str(root.id), rule_type=rule_type, language=entry_language,
            judge_model=entry.get("judgeModel"), rule_params=dict(entry.get("params") or _params(case, rule_type)),
            transcript=[{"role": m["role"], "content": m["content"]} for m in transcript],
            judged_turn=turn, machine_passed=bool(entry["verdict"]),
            human_passed=bool(human["verdict"]),
            reviewed_at=latest.created_at if latest else root.created_at,
            note=latest.note if latest else None))
    return found


async def item_rule_pairs() -> dict[tuple[str, str], list[tuple[str, str]]]:
    """(rule type, judge model) → (machine, human) verdicts ('pass'/'fail') of reviewed items."""
    pairs: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for _, entry, human in await judged_entries():
        label = {True: "pass", False: "fail"}
        pairs.setdefault((entry["ruleType"], str(entry.get("judgeModel") or "unknown")), []
                         ).append((label[bool(entry["verdict"])], label[bool(human["verdict"])]))
    return pairs
