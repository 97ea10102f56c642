"""Ending a run CANCELLED: by its owner, or by a process that does not own it.

The owner may be another process saving every few milliseconds, which a bare
compare-and-set keeps losing to. So the cancel is made in a transaction that
excludes the owner's writes (`RunStore.excluding_owner`): the owner's own fenced
one, or — elsewhere — one that holds the row the owner's fenced writes take first,
which puts this write between two of them. The owner's next save then finds the
run no longer RUNNING, stores nothing and stops.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from agenteval.domain.static import run_state
from agenteval.domain.static.run_records import summary_to_json
from agenteval.domain.static.stored_run import RunRecord, progress_of
from agenteval.engine.static.ports import RunStore

Publish = Callable[[dict[str, Any]], Awaitable[None]]


async def cancel_stored(store: RunStore, run_id: uuid.UUID, by: str | None,
                        publish: Publish) -> RunRecord:
    """Compare-and-set the run CANCELLED with its summary; publish its progress after.

    InvalidTransition once it has ended (with the status and the allowed actions);
    OwnershipLost when it runs in the owner's delivery and the run is no longer its;
    VersionConflict when the run changed meanwhile (the runtime delivers the cancel
    again: to the owner's actor, or to the kind's answer for a run owned elsewhere)."""
    run = await store.run(run_id)
    run_state.next_status(run.status, run_state.CANCEL)
    cancelled_by: dict[str, Any] = {} if by is None else {"cancelled_by": by}
    async with store.excluding_owner(run_id):
        run = await store.run(run_id)
        summary = summary_to_json(await store.summary(run))
        # InvalidTransition if it ended meanwhile.
        run = await store.transition(run, run_state.CANCEL, summary=summary, **cancelled_by)
    await publish(progress_of(run))
    return run
