"""Recording a human review of a case attempt, a report finding or a session verdict.

Reviews are kept, never overwritten: the latest review of a target counts,
the earlier ones stay in the history. Only finished runs and evals can be
reviewed (what is still running may yet change). A review is not eval or run
state, so it is written here rather than by the entity's actor.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from agenteval.domain.intelligent import eval_state
from agenteval.domain.static import run_state
from agenteval.errors import InvalidTransition, NotFound, ValidationFailed
from agenteval.store.access.api_keys import key_label
from agenteval.store.evals.eval_reads import EvalSession, IntelligentEval, find_eval, find_session
from agenteval.store.reviews import human_reviews
from agenteval.store.reviews.human_reviews import ApiKey
from agenteval.store.runs.run_reads import Run, find_run

RUN_REVIEWABLE = sorted(run_state.TERMINAL_STATUSES)
EVAL_REVIEWABLE = sorted(eval_state.TERMINAL_STATUSES)


def case_target(case_key: str, attempt: int) -> str:
    return f"case:{case_key}#{attempt}"


def finding_target(index: int) -> str:
    return f"finding:{index}"


def session_target(session_id: uuid.UUID | str) -> str:
    return f"session:{session_id}"


def _require_finished(what: str, status: str, allowed: Sequence[str]) -> None:
    if status not in allowed:
        raise InvalidTransition(f"{what} is {status}: only a finished one can be reviewed",
                                status=status, allowed=[str(state) for state in allowed])


async def review_case_outcome(run_id: uuid.UUID, case_key: str, attempt: int,
                              success_level: str, note: str | None, key: ApiKey) -> Run:
    """Record the level a reviewer says is right for one attempt; returns the run."""
    run = await find_run(run_id)
    if run is None:
        raise NotFound(f"run {run_id} does not exist")
    _require_finished(f"run {run_id}", run.status, RUN_REVIEWABLE)
    outcome = await human_reviews.attempt_level(run_id, case_key, attempt)
    if outcome is None:
        raise NotFound(f"run {run_id} has no attempt {attempt} of case {case_key!r}")
    await human_reviews.add(
        run_id=run_id, target=case_target(case_key, attempt), reviewer=key_label(key),
        reviewer_key_id=key.id, note=note, success_level=success_level,
        machine_label=outcome.success_level)
    return run


async def review_finding(eval_id: uuid.UUID, finding_index: int, decision: str,
                         note: str | None, key: ApiKey) -> IntelligentEval:
    """Confirm or reject one finding of the eval's report; returns the eval."""
    row = await find_eval(eval_id)
    if row is None:
        raise NotFound(f"eval {eval_id} does not exist")
    _require_finished(f"eval {eval_id}", row.status, EVAL_REVIEWABLE)
    findings = (row.report or {}).get("findings") or []
    if not 0 <= finding_index < len(findings):
        raise ValidationFailed.one("findingIndex", f"the report has {len(findings)} finding(s); "
                                   f"{finding_index} is not one of them")
    await human_reviews.add(
        eval_id=eval_id, target=finding_target(finding_index), reviewer=key_label(key),
        reviewer_key_id=key.id, note=note, decision=decision)
    return row


async def review_session(session_id: uuid.UUID, goal_achieved: bool, note: str | None,
                         key: ApiKey) -> EvalSession:
    """Record whether the reviewer says the session's goal was achieved; returns the session."""
    session = await find_session(session_id)
    if session is None:
        raise NotFound(f"session {session_id} does not exist")
    row = await find_eval(session.eval_id)
    assert row is not None, "a session's eval is deleted with its sessions"
    _require_finished(f"eval {row.id}", row.status, EVAL_REVIEWABLE)
    machine = (session.verdict or {}).get("goalAchieved")
    await human_reviews.add(
        eval_id=row.id, target=session_target(session_id), reviewer=key_label(key),
        reviewer_key_id=key.id, note=note, goal_achieved=goal_achieved,
        machine_label=None if machine is None else str(bool(machine)).lower())
    return session

