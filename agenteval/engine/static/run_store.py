"""A static run's rows: saving finished attempts, status transitions, and reading back.

Writes are compare-and-set on `Run.version` (another process or a cancel may
have moved the run on); a batch of finished attempts is saved in ONE
transaction with the run's counters, so an attempt is stored whole or not at
all. Nothing here awaits the network inside a transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from tortoise.transactions import in_transaction

from agenteval.domain.cases import CaseSpec, RuleResult, Turn
from agenteval.domain.judgement import INTENT_RULE, CaseVerdict
from agenteval.domain.run_report import OutcomeView, RunView, render_run_report
from agenteval.domain.run_summary import (
    IntentConfusionCell,
    OutcomeRecord,
    RunSummaryData,
    summarise,
)
from agenteval.store.models import CaseOutcome, RuleResultRow, Run, RunTurn
from agenteval.store.run_rows import attempt_rows, insert_attempt_rows

TERMINAL = frozenset({"COMPLETED", "CANCELLED", "FAILED"})
ACTIVE = ("QUEUED", "RUNNING")


class StaleRun(Exception):
    """The run's version moved on (cancelled, or changed by another process): reload it."""


@dataclass(frozen=True)
class FinishedAttempt:
    """One judged case attempt, ready to store."""

    position: int  # the case's index in the run's snapshot
    case: CaseSpec
    attempt: int
    turns: list[Turn]
    results: list[RuleResult]
    verdict: CaseVerdict


@dataclass
class Counters:
    """RunProgress's counts: done = passed + failed + errored (errored are not in failed)."""

    done: int = 0
    passed: int = 0
    failed: int = 0
    errored: int = 0

    @classmethod
    def of(cls, run: Run) -> Counters:
        return cls(run.done, run.passed, run.failed, run.errored)

    def add(self, verdict: CaseVerdict) -> None:
        self.done += 1
        if verdict.error:
            self.errored += 1
        elif verdict.passed:
            self.passed += 1
        else:
            self.failed += 1


def progress_of(run: Run) -> dict[str, Any]:
    """The contract's RunProgress as published on topic f"run:{id}"."""
    return {"runId": str(run.id), "status": run.status, "total": run.total, "done": run.done,
            "passed": run.passed, "failed": run.failed, "errored": run.errored}


PROGRESS_FIELDS = ("id", "status", "total", "done", "passed", "failed", "errored")


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
                        counters: Counters) -> int:
    """Store the attempts and the new counters in one transaction; the new version.

    Raises StaleRun (nothing stored) when the run is no longer RUNNING at `version`.
    """
    rows = attempt_rows(run_id, attempts)  # prepared before the transaction holds the connection
    async with in_transaction() as connection:
        updated = await Run.filter(id=run_id, version=version, status="RUNNING").update(
            done=counters.done, passed=counters.passed, failed=counters.failed,
            errored=counters.errored, version=version + 1)
        if not updated:
            raise StaleRun(str(run_id))
        await insert_attempt_rows(connection, rows)
    return version + 1


async def transition(run: Run, status: str, **fields: Any) -> bool:
    """Compare-and-set the run to `status` (with `fields`); False when its version moved on."""
    now = datetime.now(UTC)
    if status == "RUNNING":
        fields.setdefault("started_at", now)
    if status in TERMINAL:
        fields.setdefault("completed_at", now)
    updated = await Run.filter(id=run.id, version=run.version).update(
        status=status, version=run.version + 1, **fields)
    if not updated:
        return False
    run.status = status
    run.version += 1
    for name, value in fields.items():
        setattr(run, name, value)
    return True


async def finished_attempt_keys(run_id: uuid.UUID) -> set[tuple[str, int]]:
    rows = await CaseOutcome.filter(run_id=run_id).values_list("case_key", "attempt")
    return {(key, attempt) for key, attempt in rows}


async def outcome_records(run_id: uuid.UUID) -> list[OutcomeRecord]:
    """What `summarise` needs of every stored attempt (latencies and intent labels included)."""
    outcomes = await CaseOutcome.filter(run_id=run_id).order_by("position", "attempt").values(
        "id", "case_key", "attempt", "success_level", "passed", "error", "intent_passed",
        "completion_rate")
    latencies: dict[Any, list[int]] = {}
    for outcome_id, latency in await RunTurn.filter(outcome__run_id=run_id).values_list(
            "outcome_id", "latency_ms"):
        if latency is not None:
            latencies.setdefault(outcome_id, []).append(latency)
    intents: dict[Any, tuple[str, str]] = {}
    for outcome_id, detail in await RuleResultRow.filter(
            outcome__run_id=run_id, rule_type=INTENT_RULE).values_list("outcome_id", "detail"):
        expected, predicted = (detail or {}).get("expected"), (detail or {}).get("predicted")
        if isinstance(expected, str) and isinstance(predicted, str):
            intents.setdefault(outcome_id, (expected, predicted))
    return [OutcomeRecord(
        case_key=o["case_key"], attempt=o["attempt"], success_level=o["success_level"],
        passed=o["passed"], error=o["error"], intent_passed=o["intent_passed"],
        completion_rate=o["completion_rate"], latencies_ms=latencies.get(o["id"], []),
        intent_expected=intents.get(o["id"], (None, None))[0],
        intent_predicted=intents.get(o["id"], (None, None))[1]) for o in outcomes]


def outcome_record(finished: FinishedAttempt) -> OutcomeRecord:
    """Pure: what `outcome_records` reads back for this attempt once it is stored."""
    verdict = finished.verdict
    expected = predicted = None
    for result in finished.results:
        if result.rule_type == INTENT_RULE:
            detail = result.detail or {}
            if isinstance(detail.get("expected"), str) and isinstance(detail.get("predicted"),
                                                                      str):
                expected, predicted = detail["expected"], detail["predicted"]
                break
    return OutcomeRecord(
        case_key=finished.case.key, attempt=finished.attempt,
        success_level=verdict.success_level, passed=verdict.passed, error=verdict.error,
        intent_passed=verdict.intent_passed, completion_rate=verdict.completion_rate,
        latencies_ms=[t.latency_ms for t in finished.turns if t.latency_ms is not None],
        intent_expected=expected, intent_predicted=predicted)


async def compute_summary(run: Run) -> RunSummaryData:
    return summarise(await outcome_records(run.id), run.repeat, expected_total=run.total)


def summary_to_json(summary: RunSummaryData) -> dict[str, Any]:
    return asdict(summary)  # the confusion cells become dicts too


def summary_from_json(data: dict[str, Any]) -> RunSummaryData:
    confusion = data.get("intent_confusion")
    cells = None if confusion is None else [IntentConfusionCell(**cell) for cell in confusion]
    return RunSummaryData(**{**data, "intent_confusion": cells})


async def summary_of(run: Run) -> RunSummaryData:
    """The stored summary of an ended run, or one computed now from the stored attempts."""
    if run.summary is not None:
        return summary_from_json(run.summary)
    return await compute_summary(run)


@dataclass(frozen=True)
class StoredOutcome:
    """A stored attempt as a report view, plus the tiers the view does not carry."""

    view: OutcomeView
    intent_passed: bool | None
    completion_rate: float | None


async def stored_outcomes(run: Run,
                          outcome_ids: Sequence[Any] | None = None) -> list[StoredOutcome]:
    """Stored attempts (turns and results in order), all of the run's or only some."""
    query = CaseOutcome.filter(run_id=run.id)
    if outcome_ids is not None:
        query = query.filter(id__in=list(outcome_ids))
    outcomes = await query.order_by("position", "attempt").values(
        "id", "case_key", "attempt", "success_level", "passed", "score", "error",
        "intent_passed", "completion_rate")
    ids = [o["id"] for o in outcomes]
    turns: dict[Any, list[Any]] = {}
    for row in await RunTurn.filter(outcome_id__in=ids).order_by("index").values(
            "outcome_id", "index", "sent_message", "reply", "latency_ms", "error"):
        turns.setdefault(row.pop("outcome_id"), []).append(row)
    results: dict[Any, list[Any]] = {}
    for row in await RuleResultRow.filter(outcome_id__in=ids).order_by("position").values(
            "outcome_id", "rule_type", "implicit", "passed", "score", "weight", "detail",
            "error"):
        results.setdefault(row.pop("outcome_id"), []).append(row)
    tags = {case["id"]: case.get("tags", []) for case in run.cases}
    return [StoredOutcome(
        view=OutcomeView(case_key=o["case_key"], attempt=o["attempt"],
                         success_level=o["success_level"], passed=o["passed"],
                         score=o["score"], error=o["error"], tags=tags.get(o["case_key"], []),
                         turns=turns.get(o["id"], []), results=results.get(o["id"], [])),
        intent_passed=o["intent_passed"], completion_rate=o["completion_rate"])
        for o in outcomes]


async def outcome_views(run: Run) -> list[OutcomeView]:
    return [stored.view for stored in await stored_outcomes(run)]


async def run_view(run: Run) -> RunView:
    await run.fetch_related("campaign__scenario", "target")
    return RunView(id=str(run.id), status=run.status, campaign_name=run.campaign.name,
                   scenario_name=run.campaign.scenario.name, target_name=run.target.name,
                   created_at=run.created_at, started_at=run.started_at,
                   completed_at=run.completed_at, error=run.error)


async def report_markdown(run: Run) -> str | None:
    """The run's Markdown report; None while it is QUEUED."""
    if run.status == "QUEUED":
        return None
    return render_run_report(await run_view(run), await summary_of(run), await outcome_views(run))
