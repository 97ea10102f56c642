"""What a static run's actor needs of persistence and models: one port each.

`RunStore` is the run's persistence: the database's (`store.database_runs.DatabaseRuns`)
in the service, an in-memory one in tests (tests/support/memory_runs.py), so the
RunActor's behaviour — transitions, resumes, cancels, ownership — is tested without
a database. The two exchange frozen records (`domain.static.stored_run`), never the
database's rows: the adapter maps its rows at the edge. The database adapter fences every write with the ownership the actor
runtime delivers the actor's message under (OwnershipLost when it no longer holds);
the actor never sees it.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from agenteval.domain.static.run_records import Counters, FinishedAttempt
from agenteval.domain.static.run_summary import RunSummaryData
from agenteval.domain.static.stored_run import RunRecord
from agenteval.domain.target_record import TargetRecord
from agenteval.rules import ModelProvider


class RunStore(Protocol):
    async def run(self, run_id: uuid.UUID) -> RunRecord:
        """The whole run, its cases snapshot included (NotFound when there is none)."""

    async def state(self, run_id: uuid.UUID) -> RunRecord:
        """The run without its cases snapshot, nor its campaign and target ids (status,
        version, counters …; NotFound)."""

    async def target(self, target_id: Any) -> TargetRecord | None:
        """The run's target (None: deleted)."""

    async def finished_attempts(self, run_id: uuid.UUID) -> set[tuple[str, int]]:
        """(case key, attempt) of every stored attempt."""

    async def transition(self, run: RunRecord, action: str, **fields: Any) -> RunRecord:
        """Compare-and-set the run to the status `action` leads to (see store.runs); the
        run as stored then (new status, version and fields). VersionConflict (nothing
        stored) when its version moved on; InvalidTransition when its status refuses."""

    async def save_attempts(self, run_id: uuid.UUID, version: int,
                            attempts: Sequence[FinishedAttempt], counters: Counters) -> int:
        """Store attempts and counters in one transaction; the new version (StaleRun)."""

    async def summary(self, run: RunRecord) -> RunSummaryData:
        """The summary of the run's stored attempts."""

    def excluding_owner(self, run_id: uuid.UUID) -> AbstractAsyncContextManager[None]:
        """A transaction no fenced write of the run's owner interleaves with."""


class ClosableModels(ModelProvider, Protocol):
    async def aclose(self) -> None: ...


# The run's models as configured now (their usage recorded under the run).
LoadModels = Callable[[uuid.UUID], Awaitable[ClosableModels]]

# One QUEUED run per target of a campaign (or of the one target given), stored together:
# their ids (NotFound, ValidationFailed). The catalog's in the service
# (`engine.catalog.campaigns.queue_run_ids`, wired at the composition root), the memory
# store's in tests: the RunEngine starts them and loads no catalog.
QueueRuns = Callable[[uuid.UUID, uuid.UUID | None], Awaitable[list[uuid.UUID]]]
