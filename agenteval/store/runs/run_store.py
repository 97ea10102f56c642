"""A static run's rows at SQL level: saving finished attempts, transitions, reading back.

Ownership: a run's row is written by its RunActor only — status transitions
here, and the counters through `save_attempts` from the execution the actor
runs. Across processes the run's owner is the holder of its lease (the actor
runtime claims it: the `run` entity kind, `run_lease_name`): the fence of the
delivery the write runs in (`actors.delivery.fence_for`, the runtime's) is applied
here, inside each write's transaction (`leases.fence`), so a process that lost the
lease cannot write. Writes are
also compare-and-set on `Run.version` (a cancel may have moved the run on); a
batch of finished attempts is saved in ONE transaction with the run's
counters, so an attempt is stored whole or not at all. Nothing here awaits the
network inside a transaction.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tortoise.queryset import QuerySet
from tortoise.transactions import in_transaction

from actors.delivery import fence_for
from actors.ownership import Fence, OwnershipLost, lease_name
from agenteval.domain.judging.cases import RuleResult
from agenteval.domain.judging.judgement import INTENT_RULE
from agenteval.domain.owned_kinds import RUN
from agenteval.domain.static import run_state
from agenteval.domain.static.run_records import Counters, FinishedAttempt
from agenteval.domain.static.run_summary import OutcomeRecord, intent_labels
from agenteval.domain.static.run_views import OutcomeView
from agenteval.domain.static.simulator_figures import simulator_fields
from agenteval.domain.static.stored_run import ReportedRun, StaleRun, progress_of
from agenteval.store import leases
from agenteval.store.models import CaseOutcome, RuleResultRow, Run, RunTurn
from agenteval.store.notifications.outbox import enqueue_run_notification
from agenteval.store.runs.case_tags import case_tags
from agenteval.store.runs.run_rows import attempt_rows, insert_attempt_rows
from agenteval.store.search import index_writes as search_index

PROGRESS_FIELDS = ("id", "status", "total", "done", "passed", "failed", "errored")
# A run's state (status, version, counters, summary, times) without its cases snapshot,
# which only executing the run needs (a 2,000-case snapshot takes ~20 ms to decode). A
# row read with `.only(*STATE_FIELDS)` is partial: it has no `cases`, nor the campaign
# and target ids (`_meta.db_fields` gets those only at Tortoise.init, after this import).
STATE_FIELDS = tuple(name for name in Run._meta.db_fields
                     if name not in ("cases", "campaign_id", "target_id"))
# What the API shows of a run: everything but the cases snapshot (the ids listed by name
# are read like any column). The snapshot's tags are
# read by the database for such a partial row (`store.case_tags`).
VIEW_FIELDS = (*STATE_FIELDS, "campaign_id", "target_id")


__all__ = ["StaleRun", "progress_of"]  # the port's, where the adapter's callers found them

RUN_KIND = RUN  # the entity kind (its leases are "run:<id>")


def run_lease_name(run_id: Any) -> str:
    """The name of the lease whose holder owns (executes and writes) the run."""
    return lease_name(RUN_KIND, str(run_id))


@contextlib.asynccontextmanager
async def excluding_owner(run_id: uuid.UUID, fence: Fence | None = None
                          ) -> AsyncIterator[None]:
    """A transaction no fenced write of the run's owner interleaves with: the owner's own
    (fenced with `fence`, by default its delivery's), or — from a process that does not own the run, say a cancel —
    one that waits for the owner's write in flight and keeps its next one out
    (`leases.lock`), so what it reads cannot change before it writes."""
    fence = fence or fence_for(run_lease_name(run_id))
    async with in_transaction():
        if fence is not None:
            await leases.fence(fence)
        else:
            await leases.lock(run_lease_name(run_id))
        yield


async def stored_progress(run_id: Any) -> dict[str, Any] | None:
    """The run's progress as stored, without loading its (large) cases snapshot."""
    rows = await Run.filter(id=run_id).values(*PROGRESS_FIELDS)
    if not rows:
        return None
    row = rows[0]
    return {"runId": str(row["id"]), "status": row["status"], "total": row["total"],
            "done": row["done"], "passed": row["passed"], "failed": row["failed"],
            "errored": row["errored"]}


async def save_attempts(run_id: uuid.UUID, version: int, attempts: Sequence[FinishedAttempt],
                        counters: Counters, fence: Fence | None = None) -> int:
    """Store the attempts and the new counters in one transaction; the new version.

    Raises StaleRun (nothing stored) when the run is no longer RUNNING at `version`
    or `fence` (by default the owner's delivery's) is no longer the run's lease.
    """
    fence = fence or fence_for(run_lease_name(run_id))
    rows = attempt_rows(run_id, attempts)  # prepared before the transaction holds the connection
    async with in_transaction() as connection:
        if fence is not None:
            try:
                await leases.fence(fence)
            except OwnershipLost:
                raise StaleRun(str(run_id)) from None
        updated = await Run.filter(id=run_id, version=version,
                                   status=run_state.RUNNING).update(
            done=counters.done, passed=counters.passed, failed=counters.failed,
            errored=counters.errored, version=version + 1)
        if not updated:
            raise StaleRun(str(run_id))
        await insert_attempt_rows(connection, rows)
    search_index.run_turns_written(run_id, rows.turns)
    return version + 1


async def transition(run: Run, action: str, fence: Fence | None = None, **fields: Any) -> bool:
    """Compare-and-set the run's row to the status `action` leads to (with `fields`): as
    `transitioned`, and once stored `run` holds the new status, version and fields."""
    written = await transitioned(run.id, run.status, run.version, action, fence, **fields)
    if written is None:
        return False
    for name, value in written.items():
        setattr(run, name, value)
    return True


async def transitioned(run_id: uuid.UUID, status_now: str, version: int, action: str,
                       fence: Fence | None = None, **fields: Any) -> dict[str, Any] | None:
    """Compare-and-set the run from `status_now` at `version` to the status `action`
    leads to (with `fields`); the columns written (status, version, times, fields).

    Raises InvalidTransition when `status_now` refuses `action` and OwnershipLost
    when `fence` (by default the owner's delivery's, if any) is no longer the run's lease;
    returns None when its version moved on (reload and look again).
    """
    status = run_state.next_status(status_now, action)
    fence = fence or fence_for(run_lease_name(run_id))
    now = datetime.now(UTC)
    if status == run_state.RUNNING:
        fields.setdefault("started_at", now)
    if run_state.is_terminal(status):
        fields.setdefault("completed_at", now)
    async with in_transaction():  # the webhook outbox rows commit with the status
        if fence is not None:
            await leases.fence(fence)
        updated = await Run.filter(id=run_id, version=version).update(
            status=status, version=version + 1, **fields)
        if updated:
            await enqueue_run_notification(run_id, status, fields.get("error"))
    if not updated:
        return None
    return {"status": status, "version": version + 1, **fields}


async def finished_attempt_keys(run_id: uuid.UUID) -> set[tuple[str, int]]:
    """(case key, attempt) of every stored attempt (what a resumed run skips)."""
    rows = await CaseOutcome.filter(run_id=run_id).values_list("case_key", "attempt")
    return {(key, attempt) for key, attempt in rows}


async def outcome_records(run_id: uuid.UUID) -> list[OutcomeRecord]:
    """What `summarise` needs of every stored attempt (latencies and intent labels included).

    The same records as `domain.run_records.outcome_record` gives for the attempts
    before they were stored (tests/engine/static/test_run_summary_records.py).
    """
    outcomes = await CaseOutcome.filter(run_id=run_id).order_by("position", "attempt").values(
        "id", "case_key", "attempt", "success_level", "passed", "error", "intent_passed",
        "completion_rate", "simulation")
    latencies: dict[Any, list[int]] = {}
    for outcome_id, latency in await RunTurn.filter(outcome__run_id=run_id).order_by(
            "index").values_list("outcome_id", "latency_ms"):
        if latency is not None:
            latencies.setdefault(outcome_id, []).append(latency)
    intent_results: dict[Any, list[RuleResult]] = {}
    for outcome_id, passed, detail in await RuleResultRow.filter(
            outcome__run_id=run_id, rule_type=INTENT_RULE).order_by("position").values_list(
            "outcome_id", "passed", "detail"):
        intent_results.setdefault(outcome_id, []).append(
            RuleResult(INTENT_RULE, passed, 0.0, detail=detail or {}))
    records = []
    for o in outcomes:
        expected, predicted = intent_labels(intent_results.get(o["id"], [])) or (None, None)
        records.append(OutcomeRecord(
            case_key=o["case_key"], attempt=o["attempt"], success_level=o["success_level"],
            passed=o["passed"], error=o["error"], intent_passed=o["intent_passed"],
            completion_rate=o["completion_rate"], latencies_ms=latencies.get(o["id"], []),
            intent_expected=expected, intent_predicted=predicted,
            **simulator_fields(o["simulation"])))
    return records


@dataclass(frozen=True)
class StoredOutcome:
    """A stored attempt as a report view, plus the tiers the view does not carry."""

    view: OutcomeView
    intent_passed: bool | None
    completion_rate: float | None


async def stored_outcomes(run: ReportedRun, outcome_ids: Sequence[Any] | None = None, *,
                          details_of_successes: bool = True,
                          page: QuerySet[CaseOutcome] | None = None) -> list[StoredOutcome]:
    """Stored attempts (turns and results in order), all of the run's or only some: those
    of `outcome_ids`, or the `page` (an ordered, sliced query of the run's outcomes, read
    in the same statement as their columns).

    Without `details_of_successes`, a plain SUCCESS comes without its turns and rule
    results (empty lists): the gate's terminal output shows only the others, and at
    2,000 cases their rows are most of the reading.
    """
    query = CaseOutcome.filter(run_id=run.id).order_by("position", "attempt")
    if outcome_ids is not None:
        query = query.filter(id__in=list(outcome_ids))
    partial = outcome_ids is not None or page is not None
    outcomes = await (query if page is None else page).values(*_OUTCOME_VALUES)
    return await _with_details(run, outcomes, partial, details_of_successes)


_OUTCOME_VALUES = ("id", "position", "case_key", "attempt", "success_level", "passed", "score",
                   "error", "intent_passed", "completion_rate", "simulation", "tags")


async def _with_details(run: ReportedRun, outcomes: list[dict[str, Any]], partial: bool,
                        details_of_successes: bool) -> list[StoredOutcome]:
    """The outcomes' rows with their turns, rule results and tags (two or three statements)."""
    ids = [o["id"] for o in outcomes
           if details_of_successes or o["success_level"] != "SUCCESS" or o["error"]]
    turns: dict[Any, list[Any]] = {}
    for row in await RunTurn.filter(outcome_id__in=ids).order_by("index").values(
            "outcome_id", "index", "sent_message", "reply", "latency_ms", "error",
            "raw_response", "tool_calls", "author", "sanitized"):
        row["raw"] = row.pop("raw_response")
        turns.setdefault(row.pop("outcome_id"), []).append(row)
    results: dict[Any, list[Any]] = {}
    for row in await RuleResultRow.filter(outcome_id__in=ids).order_by("position").values(
            "outcome_id", "rule_type", "implicit", "passed", "score", "weight", "detail",
            "error"):
        results.setdefault(row.pop("outcome_id"), []).append(row)
    # Each outcome carries its case's tags (0017); only rows written before are looked up.
    older = [o["position"] for o in outcomes if o["tags"] is None]
    tags = (await _tags_of(run, sorted(set(older)) if partial else None)) if older else {}
    return [StoredOutcome(
        view=OutcomeView(case_key=o["case_key"], attempt=o["attempt"],
                         success_level=o["success_level"], passed=o["passed"],
                         score=o["score"], error=o["error"],
                         tags=o["tags"] if o["tags"] is not None else tags.get(o["case_key"], []),
                         turns=turns.get(o["id"], []), results=results.get(o["id"], []),
                         simulation=o["simulation"]),
        intent_passed=o["intent_passed"], completion_rate=o["completion_rate"])
        for o in outcomes]


async def _tags_of(run: ReportedRun, positions: Sequence[int] | None) -> dict[str, list[str]]:
    """Case key → tags: from the snapshot when the run carries it, else read by the database
    for these positions only (a row read with `VIEW_FIELDS`, a record's state read, does
    not decode the snapshot)."""
    snapshot = None if isinstance(run, Run) and run._partial else run.cases
    if snapshot is None:
        return await case_tags(run.id, positions)
    return {case["id"]: case.get("tags", []) for case in snapshot}
