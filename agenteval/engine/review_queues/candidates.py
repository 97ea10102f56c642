"""What a plan can choose from: the attempts of finished runs (live and offline) and the
sessions and findings of finished intelligent evals, each with the rubric a reviewer answers.

A rubric entry per rule result (`rule:<position>`) and per judged scorecard item
(`scorecard:<position>:<item>`); `judged` marks rules whose verdict a JUDGE model
gave. "Two rules disagree" means two results of one rule type on one attempt
gave different verdicts.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.intelligent import eval_state
from agenteval.domain.review_queues.selection import Candidate
from agenteval.domain.static import run_state
from agenteval.errors import InvalidTransition, NotFound
from agenteval.rules.registry import rule_types
from agenteval.store.models import CaseOutcome, EvalSession, IntelligentEval, RuleResultRow, Run


@dataclass(frozen=True)
class Reviewable:
    candidate: Candidate
    run_id: uuid.UUID | None
    eval_id: uuid.UUID | None
    rubric: dict[str, Any]


def judge_rule_types() -> set[str]:
    return {info.name for info in rule_types() if info.model_role == "JUDGE"}


def _evidence(detail: dict[str, Any]) -> tuple[str | None, int | None]:
    for evidence in detail.get("evidence") or []:
        if isinstance(evidence, dict) and evidence.get("quote"):
            return str(evidence["quote"]), evidence.get("turn_index")
    return detail.get("quote"), detail.get("turn_index")


def _entries(result: RuleResultRow, judged: set[str]) -> list[dict[str, Any]]:
    detail = result.detail or {}
    judge = detail.get("judge") or {}
    quote, turn = _evidence(detail)
    entries = [{"key": f"rule:{result.position}", "ruleType": result.rule_type,
                "judged": result.rule_type in judged, "verdict": result.passed,
                "quote": quote, "turnIndex": turn, "judgeModel": judge.get("model"),
                "reasoning": detail.get("rationale") or detail.get("reason"),
                "language": detail.get("language"), "error": result.error}]
    for item in detail.get("items") or [] if result.rule_type == "scorecard" else []:
        if item.get("status") in ("hit", "no_hit"):
            quote, turn = _evidence(item)
            entries.append({"key": f"scorecard:{result.position}:{item.get('item')}",
                            "ruleType": f"scorecard:{item.get('item')}", "judged": False,
                            "verdict": item["status"] == "hit", "quote": quote,
                            "turnIndex": turn, "judgeModel": None, "reasoning": None,
                            "critical": bool(item.get("critical"))})
    return entries


def _signals(results: Sequence[RuleResultRow]) -> dict[str, Any]:
    vetoed = split = False
    confidences: list[float] = []
    verdicts: dict[str, set[bool]] = {}
    for result in results:
        detail = result.detail or {}
        vetoed = vetoed or bool(detail.get("vetoed") or detail.get("vetoes"))
        samples = (detail.get("judge") or {}).get("samples") or []
        split = split or len({json.dumps(s, sort_keys=True) for s in samples}) > 1
        if isinstance(detail.get("confidence"), (int, float)):
            confidences.append(float(detail["confidence"]))
        verdicts.setdefault(result.rule_type, set()).add(result.passed)
    return {"vetoed": vetoed, "judge_split": split,
            "min_confidence": min(confidences) if confidences else None,
            "rules_disagree": any(len(v) > 1 for v in verdicts.values())}


async def _run_items(run_id: uuid.UUID) -> list[Reviewable]:
    run = await Run.get_or_none(id=run_id)
    if run is None:
        raise NotFound(f"run {run_id} does not exist")
    if run.status not in run_state.TERMINAL_STATUSES:
        raise InvalidTransition(f"run {run_id} is {run.status}: only a finished one is sampled",
                                status=run.status,
                                allowed=sorted(str(s) for s in run_state.TERMINAL_STATUSES))
    cases = {str(c.get("key") or c.get("id")): c for c in run.cases or []}
    outcomes = await CaseOutcome.filter(run_id=run_id).order_by("position", "attempt")
    results: dict[uuid.UUID, list[RuleResultRow]] = {}
    for row in await RuleResultRow.filter(outcome_id__in=[o.id for o in outcomes]
                                          ).order_by("position"):
        results.setdefault(row.outcome_id, []).append(row)
    judged = judge_rule_types()
    found = []
    for outcome in outcomes:
        case = cases.get(outcome.case_key) or {}
        mine = results.get(outcome.id, [])
        candidate = Candidate(
            target=f"case:{outcome.case_key}#{outcome.attempt}", owner=str(run_id), kind="CASE",
            day=outcome.created_at.date().isoformat(), tags=tuple(case.get("tags") or ()),
            metadata=case.get("metadata") or {}, **_signals(mine))
        rubric = {"successLevel": outcome.success_level, "caseKey": outcome.case_key,
                  "attempt": outcome.attempt, "offline": run.offline,
                  "entries": [e for r in mine for e in _entries(r, judged)]}
        found.append(Reviewable(candidate, run_id, None, rubric))
    return found


async def _eval_items(eval_id: uuid.UUID) -> list[Reviewable]:
    row = await IntelligentEval.get_or_none(id=eval_id)
    if row is None:
        raise NotFound(f"eval {eval_id} does not exist")
    if row.status not in eval_state.TERMINAL_STATUSES:
        raise InvalidTransition(f"eval {eval_id} is {row.status}: only a finished one is sampled",
                                status=row.status,
                                allowed=sorted(str(s) for s in eval_state.TERMINAL_STATUSES))
    found = []
    day = (row.completed_at or row.created_at).date().isoformat()
    for session in await EvalSession.filter(eval_id=eval_id).order_by("created_at"):
        machine = (session.verdict or {}).get("goalAchieved")
        candidate = Candidate(target=f"session:{session.id}", owner=str(eval_id),
                              kind="SESSION", day=session.created_at.date().isoformat(),
                              metadata={"dimension": session.dimension})
        found.append(Reviewable(candidate, None, eval_id, {
            "goalAchieved": None if machine is None else bool(machine),
            "goal": session.goal, "entries": []}))
    for index, finding in enumerate((row.report or {}).get("findings") or []):
        candidate = Candidate(target=f"finding:{index}", owner=str(eval_id), kind="FINDING",
                              day=day, metadata={"severity": finding.get("severity")})
        found.append(Reviewable(candidate, None, eval_id, {"finding": finding, "entries": []}))
    return found


async def reviewables(run_ids: Sequence[uuid.UUID], eval_ids: Sequence[uuid.UUID]
                      ) -> list[Reviewable]:
    """Every candidate of the sources; NOT_FOUND / INVALID_TRANSITION for a bad source."""
    found = []
    for run_id in run_ids:
        found.extend(await _run_items(run_id))
    for eval_id in eval_ids:
        found.extend(await _eval_items(eval_id))
    return found
