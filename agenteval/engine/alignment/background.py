"""`alignJudge` answers at once: the attempt is recorded RUNNING and judged in the background.

The request checks what it can without the judge (rule type, language, judge model) and
answers VALIDATION_FAILED for a bad one as before. Then the attempt is owned work of the
runtime, the kind `alignment` (`alignment_kind`, declared once at the composition root):
`OwnedSystem.claim_work` claims the new attempt's key, and the whole attempt — recording
it RUNNING, reading the reviews, judging the held-out items twice, the κ gate, recording
the outcome — runs in `OwnedRun.run`, which renews the lease, fences the store's writes
(the RUNNING row; the outcome with the adopted revision and the `review.alignment_finished`
webhook event, in one transaction: store/judge_revisions/alignments.py) and gives the key
up when the attempt ends. This module never sees the lease. Any exception of the attempt
is its FAILED reason, never a decision on the reviews.

If this process dies (or shuts down mid-attempt), the lease lapses and the runtime's one
takeover loop — in any serving process — claims the attempt and `resume`s it, which here
means ending it FAILED ("start it again"), fenced under the new lease, with its webhook
event. An attempt is deliberately not run again by the takeover: an attempt that killed
its process (memory, a hung judge) would kill the next one too, and its measurement is
one uninterrupted pass; starting it again with the same seed gives the same split, and
the judge answers already paid for are in the response cache.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable

from actors import EntityKind, OwnedRun, OwnedSystem, OwnershipLost
from agenteval.domain.owned_kinds import ALIGNMENT
from agenteval.engine.alignment.align import (
    AlignRequest,
    ReviewSource,
    check_request,
    evaluate,
    request_fields,
)
from agenteval.llm import ModelRegistry, ResponseCache
from agenteval.store.judge_revisions import alignments
from agenteval.store.judge_revisions.alignments import FAILED, Attempt, Outcome

logger = logging.getLogger(__name__)
MAX_REASON_CHARS = 2000
# The running attempts of this process, by the runtime that owns them (a process may hold
# several, as tests do): a task nobody references may be collected.
_running: dict[OwnedSystem, set[asyncio.Task[None]]] = {}


def alignment_kind(ttl_s: float) -> EntityKind:
    """The owned work kind of background attempts: a lapsed one is taken over and failed."""
    return EntityKind.work(ALIGNMENT, ttl_s, resume=_fail_abandoned)


async def _fail_abandoned(key: str, run: OwnedRun) -> None:
    if await run.run(lambda: alignments.fail_abandoned(uuid.UUID(key))):
        logger.warning("alignment %s: its process stopped before it finished; failed", key)


async def start(request: AlignRequest, source: ReviewSource,
                open_registry: Callable[[], Awaitable[ModelRegistry]],
                cache: ResponseCache | None, owned: OwnedSystem) -> Attempt:
    """The RUNNING attempt, what the API answers with (VALIDATION_FAILED before anything
    is recorded); its work goes on in a task of this process."""
    registry = await open_registry()
    try:
        model = check_request(request, registry)
        alignment_id = uuid.uuid4()
        run = await owned.claim_work(ALIGNMENT, str(alignment_id))
        assert run is not None, "a fresh alignment id has no owner yet"
    except BaseException:
        await registry.aclose()
        raise
    recorded: asyncio.Future[Attempt] = asyncio.get_running_loop().create_future()

    async def attempt() -> None:
        await _attempt(request, source, registry, cache,
                       alignments.start(alignment_id, request_fields(request, model)),
                       recorded)

    task = asyncio.create_task(_owned(run, attempt, alignment_id),
                               name=f"alignment {alignment_id}")
    tasks = _running.setdefault(owned, set())
    tasks.add(task)
    task.add_done_callback(tasks.discard)
    # Cancelled before it began (a shutdown): the request must not wait for it forever.
    task.add_done_callback(lambda _: recorded.done() or recorded.cancel())
    return await asyncio.shield(recorded)


async def _owned(run: OwnedRun, attempt: Callable[[], Awaitable[None]],
                 alignment_id: uuid.UUID) -> None:
    """The attempt under its claim: given up when it ended, left to the takeover (which
    fails it) when it raised."""
    try:
        await run.run(attempt)
    except OwnershipLost:
        logger.warning("alignment %s: its lease lapsed; another process failed it",
                       alignment_id)
    except Exception:  # not recorded RUNNING (the request got the error) or not finished
        logger.exception("alignment %s: could not be recorded; the takeover fails it",
                         alignment_id)


async def _attempt(request: AlignRequest, source: ReviewSource, registry: ModelRegistry,
                   cache: ResponseCache | None, record: Awaitable[Attempt],
                   recorded: asyncio.Future[Attempt]) -> None:
    try:
        try:
            row = await record
        except asyncio.CancelledError:
            recorded.cancel()
            raise
        except BaseException as error:
            recorded.set_exception(error)
            raise
        recorded.set_result(row)
        try:
            outcome = await evaluate(request, source, registry, cache)
        except Exception as error:  # the attempt's failure, recorded as its reason
            logger.exception("alignment %s failed", row.id)
            reason = f"the attempt failed: {type(error).__name__}: {error}"
            outcome = Outcome({"decision": FAILED, "reason": reason[:MAX_REASON_CHARS]})
        await alignments.write(outcome, into=row)
    finally:
        await registry.aclose()


async def wait_all() -> None:
    """Until this process's running attempts are done (tests)."""
    while any(_running.values()):
        await asyncio.gather(*[t for tasks in _running.values() for t in tasks],
                             return_exceptions=True)


async def stop_all(owned: OwnedSystem) -> None:
    """At shutdown, before the database connections close: the runtime's running attempts
    cancelled and awaited. One left running outlived its event loop in the middle of a
    query, and its SQLite connection's thread kept the interpreter from exiting; cancelled,
    its lease lapses and the takeover of a live process fails it (the module docstring)."""
    tasks = _running.pop(owned, set())
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
