"""What a notification event says about its eval or run, read as plain records (the
event is built from them at its first delivery attempt)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from agenteval.store.models import Campaign, IntelligentEval, Run, Target


@dataclass(frozen=True)
class EvalSubject:
    id: uuid.UUID
    name: str
    status: str
    goal: str
    plan_revision: int
    plan: dict[str, Any] | None
    report: dict[str, Any] | None
    failure_reason: str | None
    target_name: str | None  # None: the target was deleted


@dataclass(frozen=True)
class RunSubject:
    id: uuid.UUID
    status: str
    campaign_id: uuid.UUID
    campaign_name: str | None  # None: deleted
    target_id: uuid.UUID
    target_name: str | None
    error: str | None
    summary: dict[str, Any] | None
    created_at: datetime


async def _target_name(target_id: Any) -> str | None:
    target = await Target.get_or_none(id=target_id)
    return target.name if target else None


async def eval_subject(eval_id: str) -> EvalSubject | None:
    row = await IntelligentEval.get_or_none(id=eval_id)
    if row is None:
        return None
    return EvalSubject(row.id, row.name, row.status, row.goal, row.plan_revision, row.plan,
                       row.report, row.failure_reason, await _target_name(row.target_id))


async def run_subject(run_id: str) -> RunSubject | None:
    run = await Run.get_or_none(id=run_id)
    if run is None:
        return None
    campaign = await Campaign.get_or_none(id=run.campaign_id)
    return RunSubject(run.id, run.status, run.campaign_id, campaign.name if campaign else None,
                      run.target_id, await _target_name(run.target_id), run.error, run.summary,
                      run.created_at)


async def previous_completed(run: RunSubject) -> tuple[uuid.UUID, dict[str, Any] | None] | None:
    """(id, summary) of the previous COMPLETED run of the same campaign and target."""
    previous = await (Run.filter(campaign_id=run.campaign_id, target_id=run.target_id,
                                 status="COMPLETED", created_at__lt=run.created_at)
                      .exclude(id=run.id).order_by("-created_at").first())
    return None if previous is None else (previous.id, previous.summary)
