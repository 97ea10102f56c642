"""What a plan can choose from: the attempts of finished runs (live and offline) and the
sessions and findings of finished intelligent evals, each with the rubric a reviewer answers.

Rubric entries and the plan's signals are read from the stored rule results by
domain/review_queues/entries.py; monitors' conversations by candidates_monitor.py.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.intelligent import eval_state
from agenteval.domain.review_queues.entries import rubric_entries, signals
from agenteval.domain.review_queues.selection import Candidate
from agenteval.domain.static import run_state
from agenteval.errors import InvalidTransition, NotFound
from agenteval.rules.registry import rule_types
from agenteval.store.evals.eval_reads import find_eval
from agenteval.store.review_queues import source_reads
from agenteval.store.review_queues.source_reads import RuleResultRow
from agenteval.store.runs.run_reads import find_run


@dataclass(frozen=True)
class Reviewable:
    candidate: Candidate
    run_id: uuid.UUID | None
    eval_id: uuid.UUID | None
    rubric: dict[str, Any]


def judge_rule_types() -> set[str]:
    return {info.name for info in rule_types() if info.model_role == "JUDGE"}


def _signals(results: Sequence[RuleResultRow]) -> dict[str, Any]:
    return signals([(r.rule_type, r.passed, r.detail or {}) for r in results])


async def _run_items(run_id: uuid.UUID, only: tuple[str, int] | None = None
                     ) -> list[Reviewable]:
    """Every attempt of the run, or only the (case key, attempt) an appeal names."""
    run = await find_run(run_id)
    if run is None:
        raise NotFound(f"run {run_id} does not exist")
    if run.status not in run_state.TERMINAL_STATUSES:
        raise InvalidTransition(f"run {run_id} is {run.status}: only a finished one is sampled",
                                status=run.status,
                                allowed=sorted(str(s) for s in run_state.TERMINAL_STATUSES))
    cases = {str(c.get("key") or c.get("id")): c for c in run.cases or []}
    outcomes, results = await source_reads.attempts_of(run_id, only)
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
                  "entries": [e for r in mine for e in rubric_entries(
                      r.position, r.rule_type, r.passed, r.detail or {}, r.error, judged)]}
        found.append(Reviewable(candidate, run_id, None, rubric))
    return found


async def _eval_items(eval_id: uuid.UUID) -> list[Reviewable]:
    row = await find_eval(eval_id)
    if row is None:
        raise NotFound(f"eval {eval_id} does not exist")
    if row.status not in eval_state.TERMINAL_STATUSES:
        raise InvalidTransition(f"eval {eval_id} is {row.status}: only a finished one is sampled",
                                status=row.status,
                                allowed=sorted(str(s) for s in eval_state.TERMINAL_STATUSES))
    found = []
    day = (row.completed_at or row.created_at).date().isoformat()
    for session in await source_reads.sessions_of(eval_id):
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


async def run_attempt(run_id: uuid.UUID, case_key: str, attempt: int) -> Reviewable | None:
    """One attempt of a finished run, or None when the run has no such attempt."""
    found = await _run_items(run_id, (case_key, attempt))
    return found[0] if found else None


async def eval_items(eval_id: uuid.UUID) -> list[Reviewable]:
    return await _eval_items(eval_id)


async def reviewables(run_ids: Sequence[uuid.UUID], eval_ids: Sequence[uuid.UUID]
                      ) -> list[Reviewable]:
    """Every candidate of the sources; NOT_FOUND / INVALID_TRANSITION for a bad source."""
    found = []
    for run_id in run_ids:
        found.extend(await _run_items(run_id))
    for eval_id in eval_ids:
        found.extend(await _eval_items(eval_id))
    return found
