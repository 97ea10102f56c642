"""The static-evaluation engine: how the API, the CLI gate and start-up reach the runs.

Each run is an owned entity of kind `run` (declared at the composition root):
its `RunActor` is active only in the process that holds the run, and the actor
runtime activates, passivates and takes runs over (`actors.OwnedSystem`). A
process that does not own a run answers for it here (`answer_elsewhere`). The
run's progress is published on a separate event topic (`run_topic`), which
subscribers follow.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from typing import Any

from actors import OwnedSystem
from agenteval.channels import ChannelFactory
from agenteval.domain.static.stored_run import RunRecord
from agenteval.engine.asks import answered
from agenteval.engine.static.commands import RUN
from agenteval.engine.static.ports import ClosableModels, LoadModels, QueueRuns, RunStore
from agenteval.engine.static.run_actor import (
    ASK_TIMEOUT_S,
    CancelRun,
    RunActor,
    StartRun,
    run_topic,
)
from agenteval.engine.static.run_cancel import cancel_stored
from agenteval.simulation.case_users import PlayCase
from agenteval.store.event_bus import EventBus

logger = logging.getLogger("agenteval.runs")


@dataclass(frozen=True)
class RunEngine:
    """Starts, cancels and resumes static runs through their owned actors.

    `channels`, `events`, `store`, `models` and `users` are what a RunActor uses of
    the service (it is given the engine itself); `queue` queues a campaign's runs.
    """

    owned: OwnedSystem
    channels: ChannelFactory
    events: EventBus
    store: RunStore
    models: LoadModels
    # Who plays the user of a simulated case (simulation.case_users.play_case in the
    # service; tests may hand in their own).
    users: PlayCase
    # Queues a campaign's runs (`start_campaign`): the catalog's, given by the composition root.
    queue: QueueRuns
    # Each live attempt waits for its save, so another process never sends a case twice;
    # False only for a database no other process reaches (bootstrap_core's `scratch`).
    send_once: bool = True

    async def models_for(self, run_id: uuid.UUID) -> ClosableModels:
        return await self.models(run_id)

    def actor(self, key: str) -> RunActor:
        """The `run` kind's actor for a run id (the kind's factory)."""
        return RunActor(self, uuid.UUID(key))

    async def start(self, run_id: uuid.UUID, by: str | None = None) -> RunRecord:
        """Start (or resume) the run if this process may own it; the run as it is then."""
        return await self._ask(run_id, StartRun(by))

    async def take_over(self, key: str) -> None:
        """Resume a run nobody owns (the takeover loop's action for the `run` kind)."""
        await self.start(uuid.UUID(key))

    async def start_campaign(self, campaign_id: uuid.UUID, target_id: uuid.UUID | None,
                             by: str | None = None) -> list[RunRecord]:
        """One QUEUED run per target of the campaign (or the one given), each started."""
        queued = await self.queue(campaign_id, target_id)
        return [await self.start(run_id, by) for run_id in queued]

    async def cancel(self, run_id: uuid.UUID, by: str | None = None) -> RunRecord:
        """Stop the run's attempts in flight and end it CANCELLED (NotFound, InvalidTransition)."""
        return await self._ask(run_id, CancelRun(by))

    async def answer_elsewhere(self, key: str, message: Any) -> RunRecord:
        """A run this process does not own (another process does, or it is at its limit):
        StartRun answers with the stored run; CancelRun cancels it all the same."""
        run_id = uuid.UUID(key)
        match message:
            case CancelRun(by=by):
                async def publish(progress: dict[str, Any]) -> None:
                    await self.events.publish(run_topic(run_id), progress)

                return await cancel_stored(self.store, run_id, by, publish)
            case _:
                return await self.store.run(run_id)

    async def _ask(self, run_id: uuid.UUID, message: StartRun | CancelRun) -> RunRecord:
        run: RunRecord = await answered(self.owned.ask(RUN, str(run_id), message,
                                                 timeout=ASK_TIMEOUT_S))
        return run
