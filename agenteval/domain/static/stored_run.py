"""A static run as its store port hands it out: a frozen record, not the database's row.

The RunActor, its execution and a cancel made elsewhere exchange `RunRecord`s with the
run's store (engine/static/ports.py): the database adapter maps its rows to them at the
edge (store/runs/database_runs.py), the in-memory store (tests) keeps them as they are,
so neither the actor nor the memory store needs the ORM. A change is a new record
(`dataclasses.replace`), never a write into one another holder still reads.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from agenteval.domain.static.run_records import HasCounts


class StaleRun(Exception):
    """The run's version moved on (cancelled, or changed by another process): reload it."""


@dataclass(frozen=True)
class RunRecord:
    """The run's columns. `cases` is None for a state read (`RunStore.state`), which
    leaves out the snapshot — and the campaign and target ids with it."""

    id: uuid.UUID
    status: str
    version: int
    repeat: int
    concurrency: int
    total: int
    campaign_id: uuid.UUID | None = None
    target_id: uuid.UUID | None = None
    cases: list[dict[str, Any]] | None = None
    done: int = 0
    passed: int = 0
    failed: int = 0
    errored: int = 0
    summary: dict[str, Any] | None = None
    error: str | None = None
    started_by: str | None = None
    cancelled_by: str | None = None
    offline: bool = False
    conversation_set_id: uuid.UUID | None = None
    offline_skipped: list[dict[str, str]] | None = None
    created_at: datetime | None = None
    started_at: datetime | None = None
    completed_at: datetime | None = None

    @property
    def snapshot(self) -> list[dict[str, Any]]:
        """The cases it runs (only a whole read carries them)."""
        if self.cases is None:
            raise ValueError(f"run {self.id} was read without its cases")
        return self.cases


class HasProgress(HasCounts, Protocol):
    """What RunProgress is made of (a record, a stored row): the counts and these."""

    @property
    def id(self) -> Any: ...
    @property
    def status(self) -> str: ...
    @property
    def total(self) -> int: ...


class ReportedRun(HasProgress, Protocol):
    """What a run's reports and its JSON document read of a stored run: a `RunRecord` as
    the run's store hands it out (engine.static.run_document, the gate), or an adapter's
    row still crossing to the API's types. `cases` None: read without its snapshot."""

    @property
    def repeat(self) -> int: ...
    @property
    def concurrency(self) -> int: ...
    @property
    def summary(self) -> dict[str, Any] | None: ...
    @property
    def error(self) -> str | None: ...
    @property
    def offline(self) -> bool: ...
    @property
    def cases(self) -> list[dict[str, Any]] | None: ...
    @property
    def created_at(self) -> datetime | None: ...
    @property
    def started_at(self) -> datetime | None: ...
    @property
    def completed_at(self) -> datetime | None: ...


def progress_of(run: HasProgress) -> dict[str, Any]:
    """The contract's RunProgress as published on topic f"run:{id}"."""
    return {"runId": str(run.id), "status": run.status, "total": run.total, "done": run.done,
            "passed": run.passed, "failed": run.failed, "errored": run.errored}

