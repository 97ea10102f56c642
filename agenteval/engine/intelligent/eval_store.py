"""An intelligent eval's persistence behind one port, `EvalStore`: on the database
`store/evals/database_evals.py` (`DatabaseEvals`), in memory tests/support/memory_evals.py.

The EvalActor reaches the database only through this port. `commit` is one
transaction, fenced by the adapter with the ownership the runtime delivers the
command under (the actor never sees it), compare-and-set on the version the actor
expects (`VersionConflict` when it moved on; the runtime then reloads the actor and
delivers the message again — the one retry), with the writes the command makes
inside it (`inside`) and its events; it answers the appended events with the eval's
log counters after them, so the actor keeps its record current without reading it again.
The port speaks frozen records (`domain.intelligent.eval_records`, `eval_events`), never
rows; a session whose idempotency key was taken concurrently is `DuplicateKey` (there).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Protocol

from agenteval.domain.intelligent.eval_events import Appended, Inside, NewEvent
from agenteval.domain.intelligent.eval_records import EvalRecord, SessionRecord
from agenteval.engine.intelligent import commands


class EvalStore(Protocol):
    async def load(self, eval_id: uuid.UUID) -> EvalRecord:
        """The eval as stored (NotFound when there is none)."""

    async def last_activity(self, eval_id: uuid.UUID) -> datetime | None:
        """The eval's `last_agent_activity_at` as stored now: a log counter that session
        turns move too, so an owner keeping the row reads it where it matters (NotFound)."""

    async def commit(self, row: EvalRecord, status: str, now: datetime,
                     fields: dict[str, Any], events: list[NewEvent],
                     inside: Inside | None = None) -> Appended:
        """The command's change in one transaction, made on `row.version`; the stored
        events and the log counters after them (OwnershipLost, VersionConflict,
        DuplicateKey)."""

    async def add_plan_revision(self, eval_id: uuid.UUID, revision: int,
                                plan: dict[str, Any]) -> None: ...

    async def reject_plan_revision(self, eval_id: uuid.UUID, revision: int, feedback: str,
                                   at: datetime) -> None: ...

    async def create_session(self, row: EvalRecord, message: commands.CreateSession,
                             now: datetime) -> SessionRecord: ...

    async def session_by_key(self, eval_id: uuid.UUID, idempotency_key: str
                             ) -> SessionRecord | None: ...

    async def running_session_ids(self, eval_id: uuid.UUID) -> list[Any]: ...

    async def session_budget_overrun(self, row: EvalRecord, enforce: bool
                                     ) -> dict[str, Any] | None:
        """The BUDGET_OVERRUN detail one more session would cause (BudgetExceeded when
        enforced), or None."""

    async def sessions_settled(self, row: EvalRecord) -> bool:
        """Every planned session is closed or expired, and none is still running."""

    async def mark_analyst_woken(self, row: EvalRecord, now: datetime) -> None:
        """Set `analyst_woken_at` on `row.version` (OwnershipLost, VersionConflict)."""
