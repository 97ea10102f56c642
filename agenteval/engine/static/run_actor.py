"""RunActor: one per static run; owns its run row, runs its case attempts in a child task.

QUEUED → RUNNING (on StartRun) → COMPLETED when every attempt is stored,
CANCELLED on CancelRun, FAILED when the engine itself breaks (e.g. the target
is gone); the transitions are those of `domain.run_state`. A RUNNING run found
at start-up is resumed: attempts already stored are skipped (and the unique
(run, case_key, attempt) constraint guards against duplicates). The summary
is computed and stored when the run ends: from the execution's own records
when it stored every attempt of the run, else from the stored attempts.

Ownership: the run row is written by this actor only — its transitions here,
its counters by the execution it started (`store.runs.save_attempts`). The
execution runs as a child task (`Actor.start_child`, so the actor is busy,
not idle, while it runs) and reports back through the mailbox only:
`ExecutionProgress` to publish, `ExecutionEnded` when it is over.
The actor keeps the run as the runtime loaded it (`load`: once per activation, and
again after a `VersionConflict`); a transition is a compare-and-set on the run's
version through the store port, persisted before the reply and published on topic
f"run:{id}" after. When the version moved on (a cancel made elsewhere) the port
raises `VersionConflict` and the runtime reloads and delivers the command again —
the one retry of every owned actor.

Across processes the actor runtime owns the run for it (the `run` entity kind,
declared at the composition root): the actor is active only in the process
that holds the run (its writes fenced by the store, never by the actor), and passivates once
the run has ended. A process that does not own the run answers StartRun and
CancelRun without it (engine/static/engine.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from typing import Any, Protocol

from actors import ActorStopped, OwnedActor, OwnershipLost
from agenteval.channels import ChannelFactory
from agenteval.domain.static import run_state
from agenteval.domain.static.run_records import summary_to_json
from agenteval.domain.static.run_summary import RunSummaryData, summarise
from agenteval.domain.static.scenario_document import cases_of
from agenteval.domain.static.stored_run import RunRecord, StaleRun, progress_of
from agenteval.domain.target_record import TargetRecord
from agenteval.engine.catalog.target_specs import target_spec
from agenteval.engine.static.commands import (
    CancelRun,
    ExecutionEnded,
    ExecutionProgress,
    StartRun,
)
from agenteval.engine.static.offline_attempt import offline_attempts
from agenteval.engine.static.ports import ClosableModels, RunStore
from agenteval.engine.static.run_attempt import run_attempt
from agenteval.engine.static.run_cancel import cancel_stored
from agenteval.engine.static.run_execution import PendingAttempt, RunExecution
from agenteval.errors import NotFound
from agenteval.observability import log_context
from agenteval.simulation.case_users import PlayCase
from agenteval.store.backends.database_outage import is_database_unreachable
from agenteval.store.event_bus import EventBus

__all__ = ["CancelRun", "RunActor", "RunServices", "StartRun", "run_topic"]

logger = logging.getLogger("agenteval.runs")
ASK_TIMEOUT_S = 60.0
# At shutdown, attempts in flight get this long to finish (within the actor system's
# shutdown deadline); later ones are cancelled and run again elsewhere.
FINISH_IN_FLIGHT_S = 5.0


def run_topic(run_id: Any) -> str:
    """The event topic a run's progress is published on."""
    return f"run:{run_id}"


class RunServices(Protocol):
    """What a RunActor uses of the running service: the targets' channels, the event
    bus, the runs' store, the models and who plays simulated users. The `RunEngine` (engine/static/engine.py)
    provides them."""

    @property
    def channels(self) -> ChannelFactory: ...

    @property
    def events(self) -> EventBus: ...

    @property
    def store(self) -> RunStore: ...

    @property
    def users(self) -> PlayCase: ...

    @property
    def send_once(self) -> bool:
        """Whether each live attempt waits for its save (RunExecution's `send_once`)."""

    async def models_for(self, run_id: uuid.UUID) -> ClosableModels:
        """The run's models as configured now (their calls' usage is the run's)."""


class RunActor(OwnedActor):
    """The run's one writer; handles StartRun, CancelRun and its execution's reports."""

    def __init__(self, services: RunServices, run_id: uuid.UUID) -> None:
        self.services = services
        self.store = services.store
        self.run_id = run_id
        self.run: RunRecord | None = None  # as loaded by the runtime, then as this actor wrote it
        self.execution: RunExecution | None = None
        self._task: asyncio.Task[None] | None = None
        self._generation = 0  # which execution the ExecutionEnded reports are about
        self._saw_every_attempt = False  # nothing was stored before this execution

    async def load(self) -> None:
        """The whole run, its cases snapshot included (the runtime calls it)."""
        self.run = None
        try:
            self.run = await self.store.run(self.run_id)
        except NotFound:
            self.passivate()  # nothing to own
            raise

    async def receive(self, message: Any) -> Any:
        log_context.bind(run_id=self.run_id)
        try:
            return await self._dispatch(message)
        except NotFound:
            self.passivate()  # nothing to own
            raise

    async def _dispatch(self, message: Any) -> Any:
        match message:
            case StartRun(by=by):
                return await self._start(by)
            case CancelRun(by=by):
                return await self._cancel(by)
            case ExecutionProgress(progress=progress):
                return await self._publish(progress)
            case ExecutionEnded():
                return await self._execution_ended(message)
            case _:
                raise TypeError(f"RunActor cannot handle {message!r}")

    async def on_stop(self) -> None:
        # Shutdown: finish the attempts in flight, save them and leave the run RUNNING;
        # the runtime then gives the run up, so another process takes the rest over at once.
        if self.execution is not None:
            await self.execution.finish_in_flight(FINISH_IN_FLIGHT_S)
        if self._task is not None:
            # The task reports its own failures (ExecutionEnded, logged); waiting here
            # only makes sure it is over before the actor is. It may also have been
            # cancelled with the actor at the shutdown deadline.
            await asyncio.wait([self._task])

    async def _start(self, by: str | None = None) -> RunRecord:
        if self.execution is not None:
            return await self.store.run(self.run_id)  # fresh: the execution writes its own
        run = self.run  # read once owned: the last owner's writes in
        assert run is not None, "the runtime loads the run before its first message"
        if run_state.is_terminal(run.status):
            self.passivate()
            return run
        target = await self.store.target(run.target_id)
        if target is None:
            self.run = run = await self._end(run, run_state.FAIL,
                                             error="the target was deleted")
            self.passivate()
            return run
        if run.status == run_state.QUEUED:  # VersionConflict: reloaded, StartRun again
            self.run = run = await self.store.transition(run, run_state.START, started_by=by)
        await self._publish(progress_of(run))
        await self._execute(run, target)
        return run  # as it started: the execution keeps its own record from now on

    async def _execute(self, run: RunRecord, target: TargetRecord) -> None:
        cases = cases_of(run.snapshot)
        finished = await self.store.finished_attempts(run.id)
        self._saw_every_attempt = not finished
        pending = [PendingAttempt(position, case, attempt)
                   for position, case in enumerate(cases) for attempt in range(run.repeat)
                   if (case.key, attempt) not in finished]
        # This run judges with today's model configs; their calls' usage is the run's.
        models = await self.services.models_for(run.id)
        self._generation += 1
        self.execution = RunExecution(
            run=run, target=target_spec(target), channels=self.services.channels,
            models=models, users=self.services.users, pending=pending,
            workers=min(run.concurrency, target.max_concurrency), owner=self.ref,
            save=self.store.save_attempts, send_once=self.services.send_once,
            attempt=offline_attempts(run.snapshot) if run.offline else run_attempt)
        self._task = self.start_child(self._run_execution(self.execution, models,
                                                          self._generation),
                                      name=f"run {run.id} execution")

    async def _run_execution(self, execution: RunExecution, models: ClosableModels,
                             generation: int) -> None:
        ended = ExecutionEnded(generation)
        try:
            await execution.execute()
        except StaleRun:
            ended = ExecutionEnded(generation, stale=True)
        except Exception as exc:  # reported to the actor, which fails the run
            if is_database_unreachable(exc):  # not a failure of the run: it resumes later
                logger.warning("run %s interrupted: the database is unreachable; it resumes "
                               "from its stored outcomes once the database answers", self.run_id)
                ended = ExecutionEnded(generation, interrupted=True)
            else:
                logger.error("run %s failed", self.run_id, exc_info=exc)
                ended = ExecutionEnded(generation, failure=str(exc))
        finally:
            await models.aclose()  # the model clients' HTTP sessions
        with contextlib.suppress(ActorStopped):  # the actor is stopping (shutdown)
            await self.ref.tell(ended)

    async def _execution_ended(self, message: ExecutionEnded) -> None:
        execution = self.execution
        if execution is None or message.generation != self._generation:
            return
        if execution.stopped:
            self.execution = self._task = None
            return  # cancelled or stopping: _cancel / on_stop end it
        try:
            # VersionConflict: nothing changed here; the runtime reloads and delivers
            # this report again, which concludes on the fresh state.
            await self._conclude(execution, message)
        except OwnershipLost:
            logger.warning("run %s was taken over by another process", self.run_id)
        self.execution = self._task = None
        self.passivate()

    async def _conclude(self, execution: RunExecution, message: ExecutionEnded) -> None:
        if message.interrupted:
            return  # not ended: its ownership is given up (or lapses) and the run is taken over
        if message.stale:  # said even when the new owner has finished the run meanwhile
            logger.warning("run %s was taken over by another process (a fenced write "
                           "failed); this process stops running it", self.run_id)
            return
        # The state without the cases: enough to change the status, no case decoded.
        run = await self.store.state(self.run_id)
        if run_state.is_terminal(run.status):
            return
        if message.failure is not None:
            await self._end(run, run_state.FAIL, error=f"engine failure: {message.failure}")
        elif self._saw_every_attempt:
            records = execution.saved_records()
            await self._end(run, run_state.COMPLETE,
                            summary=summarise(records, run.repeat, expected_total=run.total))
        else:
            await self._end(run, run_state.COMPLETE)

    async def _cancel(self, by: str | None = None) -> RunRecord:
        try:  # cancelled, or it had ended already: nothing is left to own
            run = await self.store.run(self.run_id)
            # INVALID_TRANSITION (with the status and the allowed actions) once it has ended.
            run_state.next_status(run.status, run_state.CANCEL)
            if self.execution is not None:
                execution, task = self.execution, self._task
                await execution.stop()
                if task is not None:
                    await asyncio.wait([task])
                self.execution = self._task = None
            return await cancel_stored(self.store, self.run_id, by, self._publish)
        finally:
            self.passivate()

    async def _end(self, run: RunRecord, action: str, error: str | None = None,
                   summary: RunSummaryData | None = None) -> RunRecord:
        """Store the summary with the terminal status (compare-and-set); publish after;
        the run as stored then.

        `summary` when the caller knows it; else it is computed from the stored attempts.
        VersionConflict when the run's version moved on (nothing stored); fenced:
        OwnershipLost when another process owns the run now.
        """
        if summary is None:
            summary = await self.store.summary(run)
        run = await self.store.transition(run, action, summary=summary_to_json(summary),
                                          error=error)
        await self._publish(progress_of(run))
        return run

    async def _publish(self, progress: dict[str, Any]) -> None:
        # Never raises: the bus is a wake-up, the database the truth.
        await self.services.events.publish(run_topic(self.run_id), progress)
