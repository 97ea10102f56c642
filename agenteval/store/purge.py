"""Deleting a finished run or eval with everything it owns, in short batches.

Each batch is one DELETE of at most `batch` rows chosen by id, committed on its
own, so no statement holds a lock for long and the service keeps working while a
large transcript goes. Children go first and the entity's own row last, so an
interrupted purge leaves the entity visible (and deletable again), never rows
that point nowhere.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import datetime
from typing import Any, cast

from tortoise.models import Model

from agenteval.store.models import (
    CaseOutcome,
    EvalEvent,
    EvalMessage,
    EvalSession,
    HumanReviewRow,
    IntelligentEval,
    ModelUsage,
    PlanRevision,
    RuleResultRow,
    Run,
    RunTurn,
    WebhookDelivery,
)
from agenteval.store.search import index_writes as search_index

BATCH = 500


async def delete_in_batches(model: type[Model], batch: int = BATCH, **where: Any) -> int:
    """Delete the rows `where` selects, `batch` at a time; how many were deleted."""
    deleted = 0
    while True:
        ids = await model.filter(**where).limit(batch).values_list("id", flat=True)
        if not ids:
            return deleted
        deleted += await model.filter(id__in=list(ids)).delete()


async def purge_run(run_id: uuid.UUID, statuses: frozenset[str],
                    batch: int = BATCH) -> dict[str, int] | None:
    """Delete the run (only while its status is in `statuses`) and what it owns.

    What was removed, table by table; None when the run was not (or no longer) there.
    """
    removed = {
        "rule_results": await delete_in_batches(RuleResultRow, batch, outcome__run_id=run_id),
        "search_documents": await search_index.run_purged(run_id),
        "run_turns": await delete_in_batches(RunTurn, batch, outcome__run_id=run_id),
        "case_outcomes": await delete_in_batches(CaseOutcome, batch, run_id=run_id),
        "model_usage": await delete_in_batches(ModelUsage, batch, run_id=run_id),
        "human_reviews": await delete_in_batches(HumanReviewRow, batch, run_id=run_id),
        "webhook_deliveries": await delete_in_batches(WebhookDelivery, batch,
                                                      subject_id=str(run_id)),
    }
    if not await Run.filter(id=run_id, status__in=list(statuses)).delete():
        return None
    return {"runs": 1, **removed}


async def purge_eval(eval_id: uuid.UUID, statuses: frozenset[str],
                     batch: int = BATCH) -> dict[str, int] | None:
    """Delete the eval (only while its status is in `statuses`) and what it owns.

    What was removed, table by table; None when the eval was not (or no longer) there.
    """
    removed = {
        "search_documents": await search_index.eval_purged(eval_id),
        "eval_messages": await delete_in_batches(EvalMessage, batch, session__eval_id=eval_id),
        "eval_sessions": await delete_in_batches(EvalSession, batch, eval_id=eval_id),
        "eval_events": await delete_in_batches(EvalEvent, batch, eval_id=eval_id),
        "plan_revisions": await delete_in_batches(PlanRevision, batch, eval_id=eval_id),
        "model_usage": await delete_in_batches(ModelUsage, batch, eval_id=eval_id),
        "human_reviews": await delete_in_batches(HumanReviewRow, batch, eval_id=eval_id),
        "webhook_deliveries": await delete_in_batches(WebhookDelivery, batch,
                                                      subject_id=str(eval_id)),
    }
    if not await IntelligentEval.filter(id=eval_id, status__in=list(statuses)).delete():
        return None
    return {"intelligent_evals": 1, **removed}


# What deleting reads before it purges: an entity's status alone (not a run's large
# cases snapshot), an eval's session ids (their actors are stopped), and what finished
# before the retention cutoff.

async def run_status(run_id: uuid.UUID) -> str | None:
    return await _status(Run, run_id)


async def eval_status(eval_id: uuid.UUID) -> str | None:
    return await _status(IntelligentEval, eval_id)


async def _status(model: type[Run] | type[IntelligentEval], entity_id: uuid.UUID) -> str | None:
    # Tortoise types values_list as tuples even with flat=True, which gives the scalar.
    return cast(str | None, await model.filter(id=entity_id).first()
                .values_list("status", flat=True))


async def session_ids_of(eval_id: uuid.UUID) -> list[uuid.UUID]:
    return cast(list[uuid.UUID], await EvalSession.filter(eval_id=eval_id)
                .values_list("id", flat=True))


async def runs_finished_before(cutoff: datetime, statuses: Iterable[str]) -> list[uuid.UUID]:
    return cast(list[uuid.UUID], await Run.filter(
        status__in=list(statuses), completed_at__lt=cutoff).values_list("id", flat=True))


async def evals_finished_before(cutoff: datetime, statuses: Iterable[str]) -> list[uuid.UUID]:
    return cast(list[uuid.UUID], await IntelligentEval.filter(
        status__in=list(statuses), completed_at__lt=cutoff).values_list("id", flat=True))
