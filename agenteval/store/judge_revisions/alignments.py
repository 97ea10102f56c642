"""Alignment attempts as recorded: every one is kept, whatever its decision.

An attempt run in the background is the owned work kind `alignment` (domain/owned_kinds.py,
declared by engine/alignment/background.py): the runtime claims `alignment:<id>`, renews
it and gives it up, and runs the attempt inside a delivery whose fence these writes read
(`actors.delivery.fence_for`) — the engine never sees the lease. The RUNNING row and the
outcome are written fenced; the outcome in one transaction with the adopted revision and
the `review.alignment_finished` webhook deliveries, so a process that lost the lease
(stalled past the expiry) writes nothing. A RUNNING attempt whose lease lapsed (its
process died or stopped) is listed by store/leases.py's `lapsed("alignment")`; the
runtime's takeover loop claims it and `fail_abandoned` marks it FAILED under the new
fence, so none stays RUNNING.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tortoise.transactions import in_transaction

from actors.delivery import fence_for
from actors.ownership import lease_name
from agenteval.domain.owned_kinds import ALIGNMENT
from agenteval.store import leases
from agenteval.store.judge_revisions.revisions import create_revision
from agenteval.store.models import AlignmentRow
from agenteval.store.notifications import outbox
from agenteval.store.paging import where_given

RUNNING, FAILED = "RUNNING", "FAILED"
FINISHED_EVENT = "review.alignment_finished"
# An attempt as recorded (the API's type reads the row).
Attempt = AlignmentRow
ABANDONED = ("the process running this attempt stopped before it finished (its lease "
             "lapsed); nothing was adopted: start it again")


@dataclass(frozen=True)
class Outcome:
    """An attempt's fields (decision, reason, split, measurement, …) and, when adopted, the
    examples of the new revision."""

    fields: dict[str, Any]
    adopted_examples: list[dict[str, Any]] | None = None


async def _fenced(alignment_id: Any) -> None:
    """Inside a write's transaction: the attempt's fence, when the write runs in its
    delivery (the background work, the takeover); OwnershipLost once it is another's."""
    fence = fence_for(lease_name(ALIGNMENT, str(alignment_id)))
    if fence is not None:
        await leases.fence(fence)


async def start(alignment_id: uuid.UUID, fields: dict[str, Any]) -> AlignmentRow:
    """Record the attempt RUNNING (inside its delivery: fenced)."""
    async with in_transaction():
        await _fenced(alignment_id)
        return await AlignmentRow.create(
            id=alignment_id, decision=RUNNING,
            reason="running: judging the held-out reviews again", **fields)


async def write(outcome: Outcome, into: AlignmentRow | None = None) -> AlignmentRow:
    """Record the outcome (a new row, or the RUNNING row `into` with the finished event for
    the webhooks) and adopt its revision, in one transaction; inside the attempt's delivery
    only while its lease is still this process's (OwnershipLost otherwise)."""
    async with in_transaction():
        if into is None:
            row = await AlignmentRow.create(**outcome.fields, finished_at=datetime.now(UTC))
        else:
            await _fenced(into.id)
            row = into
            row.update_from_dict({**outcome.fields, "finished_at": datetime.now(UTC)})
            await row.save()
        if outcome.adopted_examples is not None:
            revision = await create_revision(row.rule_type, row.language, row.judge_model,
                                             outcome.adopted_examples, alignment_id=row.id,
                                             created_by=row.created_by)
            row.adopted_revision = revision.number
            await row.save(update_fields=["adopted_revision"])
        if into is not None:
            await outbox.enqueue(FINISHED_EVENT, str(row.id), finished_event(row))
    return row


def finished_event(row: AlignmentRow) -> dict[str, Any]:
    measured = row.measurement or {}
    return {"summary": f"Alignment {row.decision.lower()}: {row.rule_type} ({row.language}, "
                       f"{row.judge_model})",
            "detail": row.reason, "alignmentId": str(row.id), "rule": row.rule_type,
            "language": row.language, "judgeModel": row.judge_model,
            "decision": row.decision, "adoptedRevision": row.adopted_revision,
            "deltaKappa": measured.get("deltaKappa"), "path": "/review/agreement"}


async def fail_abandoned(alignment_id: uuid.UUID) -> bool:
    """Mark FAILED a RUNNING attempt whose owner is gone, with the finished event; run by
    the takeover under the lease it claimed — the old owner, should it wake up, finds its
    fence gone and cannot overwrite the FAILED attempt. False: it was not RUNNING."""
    async with in_transaction():
        await _fenced(alignment_id)
        row = await AlignmentRow.get_or_none(id=alignment_id, decision=RUNNING)
        if row is None:
            return False
        row.update_from_dict({"decision": FAILED, "reason": ABANDONED,
                              "finished_at": datetime.now(UTC)})
        await row.save()
        await outbox.enqueue(FINISHED_EVENT, str(row.id), finished_event(row))
    return True


async def get(alignment_id: uuid.UUID) -> AlignmentRow | None:
    return await AlignmentRow.get_or_none(id=alignment_id)


async def list_alignments(rule_type: str | None = None, language: str | None = None,
                          limit: int = 100) -> list[AlignmentRow]:
    """The latest attempts first."""
    query = AlignmentRow.all()
    query = where_given(query, rule_type=rule_type, language=language)
    return await query.order_by("-created_at").limit(limit)
