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
Transitions are persisted (compare-and-set on the version, at most
MAX_ATTEMPTS tries) before the reply and published on topic f"run:{id}" after.

Across processes: the actor executes the run only while it holds the run's
lease (`store.runs.run_lease_name`), claimed on StartRun when this process
executes fewer than its claim limit of runs, renewed in the background, and
released when the run ends or the actor stops (a graceful shutdown hands the
run over at once; a killed process's lease expires). Its writes are fenced
with the lease, so after a takeover the old owner can no longer write. Without
the lease StartRun only answers with the row: the holder, or the claimer of
another process (engine/static/claimer.py), runs it. A cancel reaching a
process that does not own the run ends it with a compare-and-set made while
holding the run's lease row (`leases.lock`), which the owner's fenced writes
take first: so it cannot keep losing to the owner's saves, and the owner's next
save finds the run no longer RUNNING, stores nothing and stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from typing import Any, Protocol

from tortoise.transactions import in_transaction

from actors import Actor, ActorStopped
from agenteval.channels import ChannelFactory
from agenteval.domain import run_state
from agenteval.domain.run_records import summary_to_json
from agenteval.domain.run_summary import RunSummaryData, summarise
from agenteval.engine.catalog.models import ConfiguredModels, load_model_provider
from agenteval.engine.catalog.scenarios import cases_of
from agenteval.engine.catalog.targets import target_spec
from agenteval.engine.static.commands import (
    CancelRun,
    ExecutionEnded,
    ExecutionProgress,
    StartRun,
)
from agenteval.engine.static.run_execution import PendingAttempt, RunExecution
from agenteval.engine.static.run_store import ACTIVE, compute_summary
from agenteval.errors import Conflict, NotFound
from agenteval.observability import log_context
from agenteval.store import leases
from agenteval.store.database_outage import is_database_unreachable
from agenteval.store.event_bus import EventBus
from agenteval.store.leases import Held, KeptLease, LeaseLost, claim_kept
from agenteval.store.models import Run, Target
from agenteval.store.runs import (
    STATE_FIELDS,
    StaleRun,
    finished_attempt_keys,
    progress_of,
    run_lease_name,
    transition,
)
from agenteval.store.usage import UsageRecorder

__all__ = ["ACTIVE", "CancelRun", "RunActor", "Services", "StartRun", "run_topic"]

logger = logging.getLogger("agenteval.runs")
ASK_TIMEOUT_S = 60.0
MAX_ATTEMPTS = 5  # compare-and-set tries before a transition gives up with CONFLICT
# At shutdown, attempts in flight get this long to finish (within the actor system's
# shutdown deadline); later ones are cancelled and run again elsewhere.
FINISH_IN_FLIGHT_S = 5.0


def run_topic(run_id: Any) -> str:
    """The event topic a run's progress is published on."""
    return f"run:{run_id}"


class Services(Protocol):
    """What a RunActor uses of the running service: the targets' channels, the event
    bus and the process's run leases. The `RunEngine` (engine/static/engine.py) that
    spawns the actors provides them."""

    @property
    def channels(self) -> ChannelFactory: ...

    @property
    def events(self) -> EventBus: ...

    @property
    def lease_ttl_s(self) -> float: ...

    def may_claim(self) -> bool:
        """Whether this process executes fewer runs than its claim limit."""

    def owns(self, run_id: uuid.UUID, owned: bool) -> None:
        """Record that this process now executes (or no longer executes) the run."""


class RunActor(Actor):
    """The run's one writer; handles StartRun, CancelRun and its execution's reports."""

    def __init__(self, services: Services, run_id: uuid.UUID) -> None:
        self.services = services
        self.run_id = run_id
        self.execution: RunExecution | None = None
        self._task: asyncio.Task[None] | None = None
        self._generation = 0  # which execution the ExecutionEnded reports are about
        self._saw_every_attempt = False  # nothing was stored before this execution
        self.lease: KeptLease | None = None  # held while this process executes the run

    async def handle(self, message: Any) -> Any:
        log_context.bind(run_id=self.run_id)
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
        # releasing the lease below lets another process take the rest over at once.
        if self.execution is not None:
            await self.execution.finish_in_flight(FINISH_IN_FLIGHT_S)
        if self._task is not None:
            # The task reports its own failures (ExecutionEnded, logged); waiting here
            # only makes sure it is over before the actor is. It may also have been
            # cancelled with the actor at the shutdown deadline.
            await asyncio.wait([self._task])
        await self._release()  # another process takes the run over at once

    async def _claim(self) -> bool:
        """Hold the run's lease (claimed now unless held already); False: not this process's."""
        if self.lease is None:
            if not self.services.may_claim():
                return False
            self.lease = await claim_kept(run_lease_name(self.run_id), self.services.lease_ttl_s)
            if self.lease is None:
                return False
            self.services.owns(self.run_id, True)
        return True

    async def _release(self) -> None:
        if self.lease is not None:
            lease, self.lease = self.lease, None
            await lease.release()
            self.services.owns(self.run_id, False)
            logger.info("released run %s", self.run_id)

    def _fencing(self) -> Held | None:
        """The lease its writes are fenced with (None: not held, e.g. a cancel elsewhere)."""
        return None if self.lease is None else self.lease.held

    async def _load(self) -> Run:
        run = await Run.get_or_none(id=self.run_id)
        if run is None:
            raise NotFound(f"run {self.run_id} does not exist")
        return run

    async def _load_state(self) -> Run:
        """The run's state (`STATE_FIELDS`, a read-only partial row without its cases or
        its campaign and target ids): enough to look at its status and counters, or to
        change them, without decoding every case."""
        run = await Run.filter(id=self.run_id).only(*STATE_FIELDS).first()
        if run is None:
            raise NotFound(f"run {self.run_id} does not exist")
        return run

    async def _start(self, by: str | None = None) -> Run:
        if self.execution is not None:
            return await self._load()  # a fresh row: the execution's own is being written
        for _ in range(MAX_ATTEMPTS):
            state = await self._load_state()
            if run_state.is_terminal(state.status):
                await self._release()
                return await self._load()
            if not await self._claim():
                return await self._load()  # another process executes it, or will
            run = await self._load()  # read after the claim: the last owner's writes included
            target = await Target.get_or_none(id=run.target_id)
            try:
                if target is None:
                    await self._end(run, run_state.FAIL, error="the target was deleted")
                    await self._release()
                    return run
                if run.status == run_state.QUEUED and not await transition(
                        run, run_state.START, lease=self._fencing(), started_by=by):
                    continue  # changed meanwhile: look again
            except LeaseLost:
                await self._release()
                return await self._load()
            await self._publish(progress_of(run))
            await self._execute(run, target)
            return run
        raise Conflict(f"run {self.run_id} kept changing concurrently; retry")

    async def _execute(self, run: Run, target: Target) -> None:
        cases = cases_of(run.cases)
        finished = await finished_attempt_keys(run.id)
        self._saw_every_attempt = not finished
        pending = [PendingAttempt(position, case, attempt)
                   for position, case in enumerate(cases) for attempt in range(run.repeat)
                   if (case.key, attempt) not in finished]
        # This run judges with today's model configs; their calls' usage is the run's.
        models = await load_model_provider(usage_sink=UsageRecorder(run_id=run.id))
        self._generation += 1
        self.execution = RunExecution(
            run=run, target=target_spec(target), channels=self.services.channels,
            models=models, pending=pending,
            workers=min(run.concurrency, target.max_concurrency), owner=self.ref,
            lease=self._fencing())
        self._task = self.start_child(self._run_execution(self.execution, models,
                                                          self._generation),
                                      name=f"run {run.id} execution")

    async def _run_execution(self, execution: RunExecution, models: ConfiguredModels,
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
        self.execution = self._task = None
        if execution.stopped:
            return  # cancelled or stopping: _cancel / on_stop end it and release the lease
        try:
            await self._conclude(execution, message)
        except LeaseLost:
            logger.warning("run %s was taken over by another process", self.run_id)
        finally:
            await self._release()

    async def _conclude(self, execution: RunExecution, message: ExecutionEnded) -> None:
        if message.interrupted:
            return  # not ended: its lease is released (or lapses) and the run is taken over
        if message.stale:  # said even when the new owner has finished the run meanwhile
            logger.warning("run %s was taken over by another process (a fenced write "
                           "failed); this process stops running it", self.run_id)
            return
        run = await self._load_state()
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

    async def _cancel(self, by: str | None = None) -> Run:
        run = await self._load()
        # INVALID_TRANSITION (with the status and the allowed actions) once it has ended.
        run_state.next_status(run.status, run_state.CANCEL)
        if self.execution is not None:
            execution, task = self.execution, self._task
            await execution.stop()
            if task is not None:
                await asyncio.wait([task])
            self.execution = self._task = None
        cancelled_by: dict[str, Any] = {} if by is None else {"cancelled_by": by}
        try:
            for _ in range(MAX_ATTEMPTS):
                # The owner may be another process saving every few milliseconds, which a
                # bare compare-and-set keeps losing to: holding the lease row its fenced
                # writes take first puts this write between two of them (see `leases.lock`).
                async with in_transaction():
                    await leases.lock(run_lease_name(self.run_id))
                    run = await self._load()
                    summary = summary_to_json(await compute_summary(run))
                    # InvalidTransition if it ended meanwhile.
                    stored = await transition(run, run_state.CANCEL, summary=summary,
                                              **cancelled_by)
                if stored:
                    await self._publish(progress_of(run))
                    return run
        finally:
            await self._release()
        raise Conflict(f"run {self.run_id} kept changing concurrently; retry")

    async def _end(self, run: Run, action: str, error: str | None = None,
                   summary: RunSummaryData | None = None) -> bool:
        """Store the summary with the terminal status (compare-and-set); publish after.

        `summary` when the caller knows it; else it is computed from the stored attempts.
        False when the run's version moved on (nothing stored); fenced: only while this
        actor still holds the run's lease (LeaseLost otherwise; a cancel is `_cancel`'s).
        """
        if summary is None:
            summary = await compute_summary(run)
        if not await transition(run, action, lease=self._fencing(),
                                summary=summary_to_json(summary), error=error):
            return False
        await self._publish(progress_of(run))
        return True

    async def _publish(self, progress: dict[str, Any]) -> None:
        # Never raises: the bus is a wake-up, the database the truth.
        await self.services.events.publish(run_topic(self.run_id), progress)
