"""Reviewed judgements from today's case-level reviews (a source for `align`).

A reviewer's success level for a case attempt says whether its one JUDGE rule was right
only when nothing else decided the case: the attempt's case (as the run's snapshot keeps
it) has exactly one JUDGE rule, that rule's result is not an error, and every other rule
result of the attempt passed. Then "SUCCESS" is the reviewer passing the rule and any
other level failing it. The latest review of each attempt counts. Per-item reviews (the
review queues) are the richer source; the lead wires them at merge.
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.domain.judging.cases import CaseSpec, RuleSpec
from agenteval.domain.static.scenario_document import case_from_document
from agenteval.rules.judged.judging_examples import is_chinese
from agenteval.rules.registry import rule_types
from agenteval.store.judge_revisions.case_review_reads import (
    CaseOutcome,
    HumanReviewRow,
    RuleResultRow,
    RunTurn,
    attempt_details,
    reviewed_attempts,
)


def _judge_rule_types() -> set[str]:
    return {info.name for info in rule_types() if info.model_role == "JUDGE"}


def _all_rules(case: CaseSpec) -> list[RuleSpec]:
    return [*case.eval_rules, *(rule for check in case.turn_checks.values()
                                for rule in check.eval_rules)]


async def all_case_level_reviewed() -> list[ReviewedJudgement]:
    """Every reviewed judgement the case-level reviews give, of any JUDGE rule and language
    (a handful of queries whatever the number of reviews)."""
    reviewed = await reviewed_attempts()
    judge_types = _judge_rule_types()
    candidates: list[tuple[CaseOutcome, HumanReviewRow, RuleSpec]] = []
    for outcome in reviewed.outcomes:
        review = reviewed.latest.get((outcome.run_id,
                                      f"case:{outcome.case_key}#{outcome.attempt}"))
        run = reviewed.runs[outcome.run_id]
        document = next((c for c in run.cases or [] if c.get("id") == outcome.case_key), None)
        if review is None or document is None:
            continue
        judged = [rule for rule in _all_rules(case_from_document(document))
                  if rule.type in judge_types]
        if len(judged) == 1:
            candidates.append((outcome, review, judged[0]))
    results, turns = await attempt_details([outcome.id for outcome, _, _ in candidates])
    found = [_item(outcome, review, rule, results[outcome.id], turns[outcome.id], judge_types)
             for outcome, review, rule in candidates]
    return [item for item in found if item is not None]


async def case_level_reviewed(rule_type: str, language: str) -> list[ReviewedJudgement]:
    """The reviewed judgements of `rule_type` in `language` ("en" or "zh")."""
    return [item for item in await all_case_level_reviewed()
            if item.rule_type == rule_type and item.language == language]


def _item(outcome: CaseOutcome, review: HumanReviewRow, rule: RuleSpec,
          results: list[RuleResultRow], turns: list[RunTurn], judge_types: set[str]
          ) -> ReviewedJudgement | None:
    mine = [r for r in results if r.rule_type in judge_types]
    others = [r for r in results if r.rule_type not in judge_types]
    if len(mine) != 1 or mine[0].error is not None or not all(r.passed for r in others):
        return None
    transcript: list[dict[str, Any]] = []
    for turn in turns:
        transcript.append({"role": "user", "content": turn.sent_message})
        if turn.reply is not None:
            transcript.append({"role": "assistant", "content": turn.reply})
    text = " ".join(str(t["content"]) for t in transcript)
    judge = (mine[0].detail or {}).get("judge") or {}
    return ReviewedJudgement(
        item_id=f"run:{outcome.run_id}:{review.target}",
        rule_type=rule.type, language="zh" if is_chinese(text) else "en",
        judge_model=judge.get("model"), rule_params=dict(rule.params), transcript=transcript,
        judged_turn=len(turns) - 1 if turns else None, machine_passed=bool(mine[0].passed),
        human_passed=review.success_level == "SUCCESS", reviewed_at=review.created_at,
        note=review.note, revision=judge.get("revision"), basis="case")
