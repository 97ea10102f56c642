"""Deleting finished runs and evals, by hand (ADMIN) or by the retention policy.

Only a finished entity is deleted (a run COMPLETED, CANCELLED or FAILED; an eval
COMPLETED, CANCELLED or FAILED); otherwise CONFLICT with `details.status`. A
terminal status is final, so nothing can write to the entity while its rows go
(store/purge.py deletes them in short batches). Its actor, if one is in memory
here, is stopped so it does not answer from a stale copy.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

from actors import ActorSystem
from agenteval.domain.intelligent import eval_state
from agenteval.domain.static import run_state
from agenteval.errors import Conflict, NotFound
from agenteval.store import purge

logger = logging.getLogger("agenteval.retention")

RUN_DONE = run_state.TERMINAL_STATUSES
EVAL_DONE = eval_state.TERMINAL_STATUSES


async def delete_run(run_id: uuid.UUID, actors: ActorSystem | None = None) -> dict[str, int]:
    """Delete a finished run with its outcomes, turns and results; what was removed."""
    status = await purge.run_status(run_id)
    if status is None:
        raise NotFound(f"run {run_id} does not exist")
    if status not in RUN_DONE:
        raise Conflict(f"run {run_id} is {status}: only a finished run can be deleted "
                       "(cancel it first)", {"status": status})
    removed = await purge.purge_run(run_id, RUN_DONE)
    if removed is None:
        raise NotFound(f"run {run_id} does not exist")
    if actors is not None:
        await actors.stop(("run", str(run_id)))
    logger.info("deleted run %s: %s", run_id, removed)
    return removed


async def delete_eval(eval_id: uuid.UUID, actors: ActorSystem | None = None) -> dict[str, int]:
    """Delete a terminal eval with its sessions, messages, events, report and plans."""
    status = await purge.eval_status(eval_id)
    if status is None:
        raise NotFound(f"intelligent eval {eval_id} does not exist")
    if status not in EVAL_DONE:
        raise Conflict(f"intelligent eval {eval_id} is {status}: only a COMPLETED, CANCELLED "
                       "or FAILED eval can be deleted (cancel it first)", {"status": status})
    session_ids = await purge.session_ids_of(eval_id)
    removed = await purge.purge_eval(eval_id, EVAL_DONE)
    if removed is None:
        raise NotFound(f"intelligent eval {eval_id} does not exist")
    if actors is not None:
        await actors.stop(("eval", str(eval_id)))
        for session_id in session_ids:
            await actors.stop(("session", str(session_id)))
    logger.info("deleted intelligent eval %s: %s", eval_id, removed)
    return removed


async def purge_older_than(days: float, actors: ActorSystem | None = None,
                           now: datetime | None = None) -> dict[str, int]:
    """Delete the runs and evals that finished more than `days` ago; totals per table.

    One entity at a time, each in short batches; every purge is logged.
    """
    cutoff = (now or datetime.now(UTC)) - timedelta(days=days)
    totals: dict[str, int] = {}
    run_ids = await purge.runs_finished_before(cutoff, RUN_DONE)
    for run_id in run_ids:
        _add(totals, await _quietly(delete_run, run_id, actors))
    eval_ids = await purge.evals_finished_before(cutoff, EVAL_DONE)
    for eval_id in eval_ids:
        _add(totals, await _quietly(delete_eval, eval_id, actors))
    logger.info("retention (%g days, finished before %s): removed %s", days,
                cutoff.isoformat(), totals or "nothing")
    return totals



Deleter = Callable[[uuid.UUID, ActorSystem | None], Awaitable[dict[str, int]]]


async def _quietly(delete: Deleter, entity_id: uuid.UUID,
                   actors: ActorSystem | None) -> dict[str, int]:
    try:
        return await delete(entity_id, actors)
    except (NotFound, Conflict):
        return {}  # deleted by hand (or another process) meanwhile


def _add(totals: dict[str, int], removed: dict[str, int]) -> None:
    for table, count in removed.items():
        totals[table] = totals.get(table, 0) + count
