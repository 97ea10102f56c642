"""RunActor: one per static run; owns its status transitions, runs its case attempts.

QUEUED → RUNNING (on StartRun) → COMPLETED when every attempt is stored,
CANCELLED on CancelRun, FAILED when the engine itself breaks (e.g. the target
is gone). A RUNNING run found at start-up is resumed: attempts already stored
are skipped (and the unique (run, case_key, attempt) constraint guards
against duplicates). The summary is computed and stored when the run ends:
from the execution's own records when it stored every attempt of the run,
else from the stored attempts.
Transitions are persisted (compare-and-set on the version) before the reply
and published on topic f"run:{id}" after.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from dataclasses import dataclass
from typing import Any, Protocol

from actors import Actor
from agenteval.channels import ChannelFactory
from agenteval.domain.run_summary import RunSummaryData, summarise
from agenteval.engine.catalog.models import ConfiguredModels, load_model_provider
from agenteval.engine.catalog.scenarios import cases_of
from agenteval.engine.catalog.targets import target_spec
from agenteval.engine.static.run_execution import PendingAttempt, RunExecution
from agenteval.engine.static.run_store import (
    TERMINAL,
    StaleRun,
    compute_summary,
    finished_attempt_keys,
    progress_of,
    summary_to_json,
    transition,
)
from agenteval.errors import InvalidTransition, NotFound
from agenteval.store.event_bus import EventBus
from agenteval.store.models import Run, Target

logger = logging.getLogger("agenteval.runs")
ASK_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class StartRun:
    """Start (QUEUED) or resume (RUNNING) the run; replies with the Run row."""


@dataclass(frozen=True)
class CancelRun:
    """Stop the attempts in flight and end the run CANCELLED; replies with the Run row."""


@dataclass(frozen=True)
class _ExecutionEnded:
    execution: RunExecution
    error: BaseException | None


@dataclass(frozen=True)
class _KeepAlive:
    """Sent by a long execution so the idle actor is not passivated mid-run."""


def run_topic(run_id: Any) -> str:
    """The event topic a run's progress is published on."""
    return f"run:{run_id}"


class Services(Protocol):
    """What a RunActor uses of the running service: the targets' channels and the event
    bus. The `RunEngine` (engine/static/engine.py) that spawns the actors provides them."""

    @property
    def channels(self) -> ChannelFactory: ...

    @property
    def events(self) -> EventBus: ...


class RunActor(Actor):
    def __init__(self, services: Services, run_id: uuid.UUID) -> None:
        self.services = services
        self.run_id = run_id
        self.execution: RunExecution | None = None
        self._task: asyncio.Task[None] | None = None
        self._saw_every_attempt = False  # nothing was stored before this execution

    async def handle(self, message: Any) -> Any:
        if isinstance(message, StartRun):
            return await self._start()
        if isinstance(message, CancelRun):
            return await self._cancel()
        if isinstance(message, _ExecutionEnded):
            return await self._execution_ended(message)
        if isinstance(message, _KeepAlive):
            return None
        raise TypeError(f"RunActor cannot handle {message!r}")

    async def on_stop(self) -> None:
        # Shutdown or passivation: save what has finished and leave the run RUNNING;
        # the next start-up resumes it.
        if self.execution is not None:
            await self.execution.stop()
        if self._task is not None:
            with contextlib.suppress(BaseException):
                await self._task

    async def _load(self) -> Run:
        run = await Run.get_or_none(id=self.run_id)
        if run is None:
            raise NotFound(f"run {self.run_id} does not exist")
        return run

    async def _start(self) -> Run:
        if self.execution is not None:
            return self.execution.run
        run = await self._load()
        if run.status in TERMINAL:
            return run
        target = await Target.get_or_none(id=run.target_id)
        if target is None:
            await self._end(run, "FAILED", error="the target was deleted")
            return run
        if run.status == "QUEUED" and not await transition(run, "RUNNING"):
            return await self._start()  # changed meanwhile: look again
        await self._publish(run)
        cases = cases_of(run.cases)
        finished = await finished_attempt_keys(run.id)
        self._saw_every_attempt = not finished
        pending = [PendingAttempt(position, case, attempt)
                   for position, case in enumerate(cases) for attempt in range(run.repeat)
                   if (case.key, attempt) not in finished]
        models = await load_model_provider()  # this run judges with today's model configs
        self.execution = RunExecution(
            run=run, target=target_spec(target), channels=self.services.channels,
            models=models, pending=pending,
            workers=min(run.concurrency, target.max_concurrency),
            publish=self._publish, keepalive=self._keep_alive)
        self._task = asyncio.create_task(self._execute(self.execution, models),
                                         name=f"run {run.id} execution")
        return run

    async def _execute(self, execution: RunExecution, models: ConfiguredModels) -> None:
        error: BaseException | None = None
        try:
            await execution.execute()
        except Exception as exc:  # reported to the actor, which fails the run
            error = exc
        finally:
            await models.aclose()  # the model clients' HTTP sessions
        with contextlib.suppress(Exception):  # the actor may be stopping (shutdown)
            await self.ref.tell(_ExecutionEnded(execution, error))

    def _keep_alive(self) -> None:
        self.ref.tell_nowait(_KeepAlive())

    async def _execution_ended(self, message: _ExecutionEnded) -> None:
        if message.execution is not self.execution:
            return
        self.execution = self._task = None
        execution = message.execution
        if execution.stopped:
            return  # cancelled: _cancel ends the run
        run = await self._load()
        if run.status in TERMINAL:
            return
        if isinstance(message.error, StaleRun):
            logger.warning("run %s was changed elsewhere; this process stops running it", run.id)
            return
        if message.error is not None:
            logger.error("run %s failed", run.id, exc_info=message.error)
            await self._end(run, "FAILED", error=f"engine failure: {message.error}")
        elif self._saw_every_attempt:
            records = execution.saved_records()
            await self._end(run, "COMPLETED", summary=summarise(records, run.repeat,
                                                                expected_total=run.total))
        else:
            await self._end(run, "COMPLETED")

    async def _cancel(self) -> Run:
        run = await self._load()
        if run.status in TERMINAL:
            raise InvalidTransition(f"run {run.id} is {run.status} and cannot be cancelled",
                                    run.status, [])
        if self.execution is not None:
            execution, task = self.execution, self._task
            await execution.stop()
            if task is not None:
                await asyncio.wait([task])
            self.execution = self._task = None
            run = await self._load()
        if not await self._end(run, "CANCELLED"):
            return await self._cancel()
        return run

    async def _end(self, run: Run, status: str, error: str | None = None,
                   summary: RunSummaryData | None = None) -> bool:
        """Store the summary with the terminal status (compare-and-set); publish after.

        `summary` when the caller knows it; else it is computed from the stored attempts.
        """
        if summary is None:
            summary = await compute_summary(run)
        if not await transition(run, status, summary=summary_to_json(summary), error=error):
            return False
        await self._publish(run)
        return True

    async def _publish(self, run: Run) -> None:
        try:
            await self.services.events.publish(run_topic(run.id), progress_of(run))
        except Exception:  # the bus is a wake-up; the DB is the truth
            logger.exception("could not publish progress of run %s", run.id)
