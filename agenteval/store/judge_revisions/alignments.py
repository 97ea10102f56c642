"""Alignment attempts as recorded: every one is kept, whatever its decision.

An attempt run in the background is first recorded RUNNING, its process holding the lease
`alignment:<id>` (renewed while it works). Its outcome is written in one transaction
with the adopted revision and the `review.alignment_finished` webhook deliveries, fenced
by that lease: a process that lost it (stalled past the expiry) writes nothing. A RUNNING
attempt whose lease is no longer live — its process died or stopped — is marked FAILED by
whichever process reads the attempts next (`fail_abandoned`), so none stays RUNNING.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tortoise.transactions import in_transaction

from actors.ownership import Holding
from agenteval.store import leases
from agenteval.store.judge_revisions.revisions import create_revision
from agenteval.store.models import AlignmentRow
from agenteval.store.notifications import outbox

RUNNING, FAILED = "RUNNING", "FAILED"
FINISHED_EVENT = "review.alignment_finished"
LEASE_KIND = "alignment"
SWEEP_TTL_S = 30.0
LEASE_TTL_S = 30.0  # renewed every third of it while the attempt runs
ABANDONED = ("the process running this attempt stopped before it finished (its lease "
             "lapsed); nothing was adopted: start it again")


@dataclass(frozen=True)
class Outcome:
    """An attempt's fields (decision, reason, split, measurement, …) and, when adopted, the
    examples of the new revision."""

    fields: dict[str, Any]
    adopted_examples: list[dict[str, Any]] | None = None


def lease_name(alignment_id: Any) -> str:
    return f"{LEASE_KIND}:{alignment_id}"


class RunningAttempt:
    """A RUNNING attempt this process owns: its lease renewed until `finish` or `abandon`.
    The engine holds this handle; the lease itself stays in the store."""

    def __init__(self, row: AlignmentRow, holding: Holding) -> None:
        self.row = row
        self._holding = holding

    async def finish(self, outcome: Outcome) -> bool:
        """Record the outcome fenced by the lease, then release it; False when the lease
        lapsed first (another process marked the attempt FAILED)."""
        try:
            await write(outcome, into=self.row, fence=self._holding.fence)
            return True
        except leases.LeaseLost:
            return False
        finally:
            await self._holding.release()

    async def abandon(self) -> None:
        await self._holding.release(finished=False)


async def start(fields: dict[str, Any], ttl_s: float = LEASE_TTL_S) -> RunningAttempt:
    """Claim `alignment:<new id>` (kept renewed) and record the attempt RUNNING under it."""
    alignment_id = uuid.uuid4()
    holding = await leases.claim_kept(lease_name(alignment_id), ttl_s)
    assert holding is not None, "a fresh alignment id has no lease yet"
    try:
        row = await AlignmentRow.create(id=alignment_id, decision=RUNNING,
                                        reason="running: judging the held-out reviews again",
                                        **fields)
    except BaseException:
        await holding.release(finished=False)
        raise
    return RunningAttempt(row, holding)


async def write(outcome: Outcome, into: AlignmentRow | None = None,
                fence: leases.Held | None = None) -> AlignmentRow:
    """Record the outcome (a new row, or the RUNNING row `into`) and adopt its revision;
    with `fence`, only while that lease is still this process's (LeaseLost otherwise) and
    with the finished event for the webhooks."""
    async with in_transaction():
        if fence is not None:
            await leases.fence(fence)
        if into is None:
            row = await AlignmentRow.create(**outcome.fields, finished_at=datetime.now(UTC))
        else:
            row = into
            row.update_from_dict({**outcome.fields, "finished_at": datetime.now(UTC)})
            await row.save()
        if outcome.adopted_examples is not None:
            revision = await create_revision(row.rule_type, row.language, row.judge_model,
                                             outcome.adopted_examples, alignment_id=row.id,
                                             created_by=row.created_by)
            row.adopted_revision = revision.number
            await row.save(update_fields=["adopted_revision"])
        if fence is not None:
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


async def fail_abandoned() -> int:
    """Mark FAILED the RUNNING attempts whose lease is not live (their process is gone).

    The lease is claimed first — only possible once it lapsed — so the old owner, should
    it wake up, finds its fence gone and cannot overwrite the FAILED attempt."""
    failed = 0
    for row in await AlignmentRow.filter(decision=RUNNING):
        taken = await leases.claim(lease_name(row.id), SWEEP_TTL_S)
        if taken is None:
            continue  # live: its process is still working on it
        try:
            failed += await AlignmentRow.filter(id=row.id, decision=RUNNING).update(
                decision=FAILED, reason=ABANDONED, finished_at=datetime.now(UTC))
        finally:
            await leases.release(taken)
    return failed


async def get(alignment_id: uuid.UUID) -> AlignmentRow | None:
    await fail_abandoned()
    return await AlignmentRow.get_or_none(id=alignment_id)


async def list_alignments(rule_type: str | None = None, language: str | None = None,
                          limit: int = 100) -> list[AlignmentRow]:
    """The latest attempts first (abandoned RUNNING ones marked FAILED first)."""
    await fail_abandoned()
    query = AlignmentRow.all()
    if rule_type is not None:
        query = query.filter(rule_type=rule_type)
    if language is not None:
        query = query.filter(language=language)
    return await query.order_by("-created_at").limit(limit)
