"""Plans and queues: an OPERATOR writes a plan, fills a queue from it and gives it reviewers."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.review_queues.plan import PlanSpec, parse_plan
from agenteval.domain.review_queues.selection import double_reviewed, select
from agenteval.engine.review_queues.candidates import reviewables
from agenteval.engine.review_queues.candidates_monitor import monitors_reviewables
from agenteval.errors import NotFound, ValidationFailed
from agenteval.store.access.api_keys import key_label
from agenteval.store.review_queues import queue_rows
from agenteval.store.review_queues.queue_rows import ApiKey, ReviewPlanRow, ReviewQueueRow

REVIEWING_ROLES = frozenset({"ADMIN", "OPERATOR", "REVIEWER"})


async def create_plan(name: str, raw_spec: Any, key: ApiKey) -> ReviewPlanRow:
    errors = FieldErrors()
    spec = parse_plan(raw_spec, errors)
    if not name.strip():
        errors.add("name", "must not be empty")
    errors.raise_if_any()
    return await queue_rows.add_plan(name=name.strip(), spec=spec.as_json(),
                                     created_by=key_label(key))


async def _reviewer_keys(key_ids: Sequence[uuid.UUID], path: str) -> list[str]:
    keys = await queue_rows.keys_by_ids(key_ids)
    errors = FieldErrors()
    for index, key_id in enumerate(key_ids):
        key = keys.get(key_id)
        if key is None or key.revoked:
            errors.add(f"{path}[{index}]", f"no live API key {key_id}")
        elif key.role not in REVIEWING_ROLES:
            errors.add(f"{path}[{index}]", f"key {key_id} has role {key.role}: a reviewer "
                                           "needs REVIEWER, OPERATOR or ADMIN")
    errors.raise_if_any()
    return [str(k) for k in dict.fromkeys(key_ids)]


@dataclass(frozen=True)
class Sources:
    """Where a queue samples from: finished runs (live or offline), evals, monitors."""

    run_ids: Sequence[uuid.UUID] = ()
    eval_ids: Sequence[uuid.UUID] = ()
    monitor_ids: Sequence[uuid.UUID] = ()

    def as_json(self) -> dict[str, list[str]]:
        return {"runIds": [str(r) for r in self.run_ids],
                "evalIds": [str(e) for e in self.eval_ids],
                "monitorIds": [str(m) for m in self.monitor_ids]}


async def create_queue(name: str, plan_id: uuid.UUID, sources: Sources,
                       reviewer_key_ids: Sequence[uuid.UUID], key: ApiKey) -> ReviewQueueRow:
    """Select the plan's items from the sources into a new queue (all or nothing)."""
    if not name.strip():
        raise ValidationFailed.one("name", "must not be empty")
    if not (sources.run_ids or sources.eval_ids or sources.monitor_ids):
        raise ValidationFailed.one("runIds", "give at least one run, eval or monitor to "
                                             "sample from")
    plan = await queue_rows.find_plan(plan_id)
    if plan is None:
        raise NotFound(f"sampling plan {plan_id} does not exist")
    reviewers = await _reviewer_keys(reviewer_key_ids, "reviewerKeyIds")
    spec = parse_plan(plan.spec, FieldErrors())
    found = (await reviewables(sources.run_ids, sources.eval_ids)
             + await monitors_reviewables(sources.monitor_ids))
    by_key = {r.candidate.key: r for r in found}
    chosen = select(spec, [r.candidate for r in found])
    doubles = double_reviewed(spec.second_review_share, len(chosen), spec.seed)
    return await queue_rows.add_queue(
        {"name": name.strip(), "plan_id": plan.id,
         "sources": {**sources.as_json(), "plan": spec.as_json()},
         "second_review_share": spec.second_review_share, "reviewer_key_ids": reviewers,
         "created_by": key_label(key)},
        [_item(position, spec, by_key[selected.candidate.key], selected.reasons,
               position in doubles) for position, selected in enumerate(chosen)])


def _item(position: int, spec: PlanSpec, reviewable: Any, reasons: Sequence[str],
          double: bool) -> dict[str, Any]:
    return {"position": position, "stage": "FIRST", "kind": reviewable.candidate.kind,
            "target": reviewable.candidate.target, "run_id": reviewable.run_id,
            "eval_id": reviewable.eval_id, "reasons": list(reasons),
            "rubric": reviewable.rubric, "double_review": double}


async def assign_reviewers(queue_id: uuid.UUID, reviewer_key_ids: Sequence[uuid.UUID]
                           ) -> ReviewQueueRow:
    """Set the keys the queue is given (REVIEWER keys read only the queues they are given)."""
    queue = await queue_rows.find_queue(queue_id)
    if queue is None:
        raise NotFound(f"review queue {queue_id} does not exist")
    await queue_rows.set_reviewers(queue, await _reviewer_keys(reviewer_key_ids,
                                                               "reviewerKeyIds"))
    return queue
