"""The work of one static run: bounded-concurrency case attempts and one writer.

`workers` tasks (never more than the campaign's concurrency nor the target's
maxConcurrency; the channel factory's limiter also bounds the target across
runs) take pending (case, attempt) pairs and judge them. A single writer
saves what has finished in batches — one transaction per batch, each attempt
whole — updates the run's counters and reports the progress to the owning
actor through its mailbox (`ExecutionProgress`), throttled. It also
keeps what the run's summary needs of each saved attempt, so a run that
stored everything in this execution is summarised without reading it back.

A case is sent once. A worker takes its next attempt only after its previous one is
saved, so what a crash, a restart or a takeover can make another process send again is
at most the attempts in flight (≤ the workers). Not so with `send_once=False`, for a
database no other process can reach (the CI gate's scratch one, gone with its process):
nothing could ever send those cases again, so the workers do not wait for the writer
(until UNSAVED_LIMIT attempts are unsaved), and that wait was a third of the gate's wall
time (bench/gate_ab.py). When a save fails because the database
is away, nothing new is dispatched: the writer keeps the finished batch and saves it
again, backing off, until the database answers (or the run is stopped or taken over) —
the process never sends those cases a second time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from actors import ActorRef, ActorStopped, MailboxFull, OwnershipLost
from agenteval.channels import ChannelFactory, TargetSpec
from agenteval.domain.judging.cases import CaseSpec
from agenteval.domain.static.run_records import Counters, FinishedAttempt, outcome_record
from agenteval.domain.static.run_summary import OutcomeRecord
from agenteval.domain.static.stored_run import RunRecord, StaleRun, progress_of
from agenteval.engine.static.commands import ExecutionProgress
from agenteval.engine.static.run_attempt import run_attempt
from agenteval.rules import ModelProvider
from agenteval.simulation.case_users import PlayCase, play_case
from agenteval.store.backends.database_outage import is_database_unreachable

logger = logging.getLogger("agenteval.runs")

# The store's `save_attempts` (engine/static/ports.py): (run id, version, attempts,
# counters) → the new version, or StaleRun.
SaveAttempts = Callable[[uuid.UUID, int, Sequence[FinishedAttempt], Counters],
                        Awaitable[int]]

# One attempt: (channels, target, models, position, case, attempt number, who plays a
# simulated case's user) → its outcome; `run_attempt` for a live run,
# offline_attempt.offline_attempts for an offline one.
AttemptRunner = Callable[[ChannelFactory, TargetSpec, ModelProvider, int, CaseSpec, int,
                          PlayCase], Awaitable[FinishedAttempt]]

BATCH_SIZE = 500
# Without the send-once wait a worker still waits for its save while this many finished
# attempts are unsaved, so a target faster than the database does not fill the memory.
UNSAVED_LIMIT = BATCH_SIZE
PUBLISH_INTERVAL_S = 0.2
# A save that met the database away is tried again after this, doubling up to the cap.
SAVE_RETRY_S = 0.2
SAVE_RETRY_MAX_S = 2.0
_DONE = object()


# A finished attempt and the future its worker waits on (None: the worker does not wait).
_Finished = tuple[FinishedAttempt, "asyncio.Future[None] | None"]


class _WriterGaveUp(Exception):
    """What a worker waiting for its attempt's save gets when the writer failed."""


@dataclass(frozen=True)
class PendingAttempt:
    position: int
    case: CaseSpec
    attempt: int


class RunExecution:
    """Runs the pending attempts of `run`; the writer keeps `run` (a new record per save:
    its version and counters as stored).

    The progress goes to `owner` (the run's actor) as `ExecutionProgress` messages,
    throttled; the owner publishes them. Every save (`save`: the run store's) is
    fenced by the store with the run's ownership, which the tasks of the execution
    inherit from the actor's delivery (actors.delivery).
    """

    def __init__(self, *, run: RunRecord, target: TargetSpec, channels: ChannelFactory,
                 models: ModelProvider, pending: list[PendingAttempt], workers: int,
                 owner: ActorRef, save: SaveAttempts,
                 users: PlayCase = play_case, attempt: AttemptRunner = run_attempt,
                 send_once: bool = True) -> None:
        self.run = run
        self._attempt = attempt
        # Live attempts reach a target: each waits for its save (sent once). An offline
        # runner (logged dialogs) sends nothing, so its workers need not wait.
        self._send_once = send_once and attempt is run_attempt
        self._save = save
        self.counters = Counters.of(run)
        self._target = target
        self._channels = channels
        self._models = models
        self._users = users
        self._pending = deque(pending)
        self._worker_count = max(1, min(workers, len(pending) or 1))
        # (attempt, future the writer resolves once it is saved), or _DONE.
        self._finished: asyncio.Queue[object] = asyncio.Queue()
        self._owner = owner
        self._workers: list[asyncio.Task[None]] = []
        self._writer: asyncio.Task[None] | None = None
        self.stopped = False  # stop() was called: the run did not finish its attempts
        # Saved attempts' summary records by (position, attempt), the order they are read in.
        self._saved: list[tuple[int, int, OutcomeRecord]] = []
        self._unsaved = 0  # finished attempts not saved yet

    async def execute(self) -> None:
        """Run every pending attempt; raises what broke the engine (StaleRun included)."""
        writer = self._writer = asyncio.create_task(self._write(),
                                                    name=f"run {self.run.id} writer")
        self._workers = [asyncio.create_task(self._work(), name=f"run {self.run.id} worker")
                         for _ in range(self._worker_count)]
        all_workers = asyncio.gather(*self._workers)
        watched: set[asyncio.Future[Any]] = {all_workers, writer}
        await asyncio.wait(watched, return_when=asyncio.FIRST_COMPLETED)
        if not all_workers.done() or all_workers.cancelled() or all_workers.exception():
            # The writer failed, a worker raised, or stop() cancelled the workers.
            for worker in self._workers:
                worker.cancel()
            await asyncio.wait(self._workers)
        await self._stop_writer()
        if all_workers.done() and not all_workers.cancelled() and all_workers.exception():
            raise all_workers.exception()  # type: ignore[misc]  # checked not None

    async def stop(self) -> None:
        """Cancel the attempts in flight; the writer still saves what has finished.

        A process woken after its run was taken over (stopped, paused, cut off) finds its
        last save fenced off: the run is the new owner's, which is said at WARNING — not
        an error of this process, nor a traceback."""
        self.stopped = True
        for worker in self._workers:
            worker.cancel()
        if self._workers:
            await asyncio.wait(self._workers)
        try:
            await self._stop_writer()
        except (StaleRun, OwnershipLost):
            logger.warning("run %s was taken over by another process while this one was "
                           "stopping it; the attempts it had not saved are the new owner's "
                           "to run", self.run.id)

    async def finish_in_flight(self, timeout_s: float) -> None:
        """Start no new attempt; let those in flight finish (up to `timeout_s`, then they are
        cancelled) and save what finished: a graceful shutdown repeats nothing elsewhere."""
        self.stopped = True  # the workers take no further attempt
        if self._workers:
            await asyncio.wait(self._workers, timeout=timeout_s)
        await self.stop()

    async def _stop_writer(self) -> None:
        """Let the writer save what has finished and end; re-raise its failure."""
        writer = self._writer
        if writer is None:
            return
        if not writer.done():
            self._finished.put_nowait(_DONE)
            await asyncio.shield(writer)
        if not writer.cancelled() and writer.exception() is not None:
            raise writer.exception()  # type: ignore[misc]  # checked not None

    async def _work(self) -> None:
        while self._pending and not self.stopped:
            item = self._pending.popleft()
            finished = await self._attempt(self._channels, self._target, self._models,
                                           item.position, item.case, item.attempt,
                                           self._users)
            self._unsaved += 1
            if not self._send_once and self._unsaved <= UNSAVED_LIMIT:
                self._finished.put_nowait((finished, None))
                continue
            saved = asyncio.get_running_loop().create_future()
            self._finished.put_nowait((finished, saved))
            await saved  # the next case only once this one is stored

    async def _write(self) -> None:
        last_publish = time.monotonic()
        dirty = False
        done = False
        while not done:
            timeout = max(0.0, PUBLISH_INTERVAL_S - (time.monotonic() - last_publish))
            try:  # asyncio.timeout: wait_for may swallow a cancellation (see the takeover loop)
                async with asyncio.timeout(timeout if dirty else None):
                    first = await self._finished.get()
            except TimeoutError:
                first = None
            batch: list[FinishedAttempt] = []
            waiting: list[asyncio.Future[None]] = []
            for item in self._drain(first):
                if item is _DONE:
                    done = True
                else:
                    finished, saved = cast(_Finished, item)
                    batch.append(finished)
                    if saved is not None:
                        waiting.append(saved)
            if batch:
                counters = Counters(**vars(self.counters))
                for finished in batch:
                    counters.add(finished.verdict)
                try:
                    version = await self._save_until_stored(batch, counters)
                except BaseException as exc:
                    for saved in waiting:  # the workers end with the writer's failure
                        if not saved.done():
                            saved.set_exception(_WriterGaveUp(exc))
                    raise
                for saved in waiting:
                    if not saved.done():
                        saved.set_result(None)
                self.counters = counters
                self._unsaved -= len(batch)
                self._saved += [(item.position, item.attempt, outcome_record(item))
                                for item in batch]
                self.run = replace(self.run, version=version, **vars(counters))
                dirty = True
            now = time.monotonic()
            if dirty and (now - last_publish >= PUBLISH_INTERVAL_S or done):
                self._report_progress()
                last_publish, dirty = now, False

    async def _save_until_stored(self, batch: list[FinishedAttempt],
                                 counters: Counters) -> int:
        """Save `batch`; while the database is away, save it again (backing off) rather
        than lose it: its cases were sent, and this process must not send them again."""
        delay, warned = SAVE_RETRY_S, False
        while True:
            try:
                return await self._save(self.run.id, self.run.version, batch, counters)
            except Exception as exc:
                if not is_database_unreachable(exc) or self.stopped:
                    raise
                if not warned:
                    logger.warning("run %s: %d finished attempts could not be saved (the "
                                   "database is unreachable); no new case is sent until "
                                   "they are", self.run.id, len(batch))
                    warned = True
            await asyncio.sleep(delay)
            delay = min(delay * 2, SAVE_RETRY_MAX_S)

    def _report_progress(self) -> None:
        # Never waits: the owner may be waiting for this writer (a cancel). A report
        # it cannot take (stopping, or a full mailbox) is dropped: the next one carries
        # newer counts, and the stored counters are the truth.
        with contextlib.suppress(ActorStopped, MailboxFull):
            self._owner.tell_nowait(ExecutionProgress(progress_of(self.run)))

    def saved_records(self) -> list[OutcomeRecord]:
        """What the summary needs of the attempts this execution saved, in stored order."""
        return [record for _, _, record in sorted(self._saved, key=lambda s: s[:2])]

    def _drain(self, first: object | None) -> list[object]:
        items = [] if first is None else [first]
        while len(items) < BATCH_SIZE:
            try:
                items.append(self._finished.get_nowait())
            except asyncio.QueueEmpty:
                break
        return items
