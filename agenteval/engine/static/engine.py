"""The static-evaluation engine: how the API, the CLI gate and start-up reach the runs.

Each run has one `RunActor`, looked up by key (`("run", id)`) every time
because idle actors are passivated. The run's progress is published on a
separate event topic (`run_topic`), which subscribers follow.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from typing import cast

from actors import ActorSystem
from agenteval.channels import ChannelFactory
from agenteval.engine.catalog import campaigns
from agenteval.engine.static.run_actor import ASK_TIMEOUT_S, CancelRun, RunActor, StartRun
from agenteval.engine.static.run_store import ACTIVE
from agenteval.errors import NotFound
from agenteval.store.event_bus import EventBus
from agenteval.store.models import Run

logger = logging.getLogger("agenteval.runs")


@dataclass(frozen=True)
class RunEngine:
    """Starts, cancels and resumes static runs through their actors.

    `channels` and `events` are what a RunActor uses of the service (it is
    given the engine itself).
    """

    actors: ActorSystem
    channels: ChannelFactory
    events: EventBus

    async def start(self, run_id: uuid.UUID, by: str | None = None) -> Run:
        """Ask the run's actor to start (or resume) it; the Run row as it is then."""
        return await self._ask(run_id, StartRun(by))

    async def start_campaign(self, campaign_id: uuid.UUID, target_id: uuid.UUID | None,
                             by: str | None = None) -> list[Run]:
        """One QUEUED run per target of the campaign (or the one given), each started."""
        queued = await campaigns.queue_runs(campaign_id, target_id)
        return [await self.start(run.id, by) for run in queued]

    async def cancel(self, run_id: uuid.UUID, by: str | None = None) -> Run:
        """Stop the run's attempts in flight and end it CANCELLED (NotFound, InvalidTransition)."""
        if not await Run.filter(id=run_id).exists():
            raise NotFound(f"run {run_id} does not exist")
        return await self._ask(run_id, CancelRun(by))

    async def resume_unfinished(self) -> int:
        """At start-up: resume every QUEUED or RUNNING run; how many there were."""
        # Tortoise types values_list as tuples even with flat=True, which gives the ids.
        run_ids = cast(list[uuid.UUID], await Run.filter(status__in=ACTIVE).order_by(
            "created_at").values_list("id", flat=True))
        for run_id in run_ids:
            try:
                await self.start(run_id)
            except Exception:  # noqa: BLE001 - one run that cannot resume must not stop the rest
                logger.exception("could not resume run %s", run_id)
        return len(run_ids)

    async def _ask(self, run_id: uuid.UUID, message: StartRun | CancelRun) -> Run:
        ref = await self.actors.get_or_spawn(("run", str(run_id)),
                                             lambda: RunActor(self, run_id))
        run: Run = await ref.ask(message, timeout=ASK_TIMEOUT_S)
        return run
