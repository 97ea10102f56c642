"""Per-item reviews of JUDGE rules, for κ per rule and for judges that learn from them.

`reviewed_rule_judgements` is the plain function the judge-alignment work reads:
one `ReviewedJudgement` per final human verdict on a judged rule entry of a case
attempt or a monitored conversation (the final verdict counts: after a second
review, arbitration or appeal).
"""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.domain.eval_language import text_language
from agenteval.engine.review_queues.transcripts import case_transcript, conversation_transcript
from agenteval.store.review_queues import items
from agenteval.store.review_queues.items import ReviewItemRow
from agenteval.store.runs.run_reads import Run, find_run


def _params(case: dict[str, Any], rule_type: str) -> dict[str, Any]:
    for rule in case.get("evalRules") or case.get("eval_rules") or []:
        if isinstance(rule, dict) and rule.get("type") == rule_type:
            return dict(rule.get("params") or {})
    return {}


async def judged_entries() -> list[tuple[ReviewItemRow, dict[str, Any], dict[str, Any]]]:
    """(item, rubric entry, human entry) for every final verdict on a JUDGE rule of a case
    attempt or a production conversation."""
    roots = await items.final_roots(["CASE", "CONVERSATION"])
    found = []
    for root in roots:
        human_entries = (root.final or {}).get("entries") or {}
        for entry in root.rubric.get("entries") or []:
            human = human_entries.get(entry["key"])
            if entry.get("judged") and human is not None:
                found.append((root, entry, human))
    return found


async def _context(root: ReviewItemRow, entry: dict[str, Any], runs: dict[Any, Run | None]
                   ) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    """The transcript up to the judged turn and the rule's params; None once deleted."""
    turn = entry.get("turnIndex")
    params = dict(entry.get("params") or {})
    if root.kind == "CONVERSATION":
        turns = await conversation_transcript(uuid.UUID(root.rubric["conversationId"]))
        return [t for t in turns if turn is None or t["turn"] <= turn], params
    if root.run_id not in runs:
        runs[root.run_id] = await find_run(root.run_id) if root.run_id else None
    run = runs[root.run_id]
    if run is None:
        return None  # the run was deleted since
    case_key, attempt = root.rubric["caseKey"], int(root.rubric["attempt"])
    case = next((c for c in run.cases or [] if str(c.get("id")) == case_key), {})
    transcript = await case_transcript(run.id, case_key, attempt, turn)
    return transcript, params or _params(case, entry["ruleType"])


async def reviewed_rule_judgements(rule_type: str | None, language: str | None
                                   ) -> list[ReviewedJudgement]:
    """Reviewed verdicts of one JUDGE rule type (every one when None; in one language when
    given), oldest first.

    The language is the judge's (detail.language) when it says, else the transcript's by
    the measure the judged rules use to pick a zh or en prompt."""
    found = []
    runs: dict[Any, Run | None] = {}
    for root, entry, human in await judged_entries():
        if rule_type not in (None, entry["ruleType"]):
            continue
        context = await _context(root, entry, runs)
        if context is None:
            continue
        transcript, params = context
        said = text_language("\n".join(str(t["content"]) for t in transcript))
        entry_language = str(entry.get("language") or said or "zh")
        if language not in (None, entry_language):
            continue
        later = await items.later_stage_ids(root.id)
        latest = await items.latest_answer([root.id, *later])
        found.append(ReviewedJudgement(
            item_id=str(root.id), rule_type=entry["ruleType"], language=entry_language,
            judge_model=entry.get("judgeModel"), rule_params=params,
            transcript=[{"role": t["role"], "content": t["content"]} for t in transcript],
            judged_turn=entry.get("turnIndex"), machine_passed=bool(entry["verdict"]),
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


async def reviewed_case_targets() -> set[str]:
    """The case attempts a queue item decided, named as the case-level source names them
    (`run:<id>:case:<key>#<attempt>`): their final verdict is also a case-level review."""
    rows = await items.decided_case_targets()
    return {f"run:{run_id}:{target}" for run_id, target in rows}
