"""`alignJudge` answers at once: the attempt is recorded RUNNING and judged in the background.

The request checks what it can without the judge (rule type, language, judge model) and
answers VALIDATION_FAILED for a bad one as before; then the store claims the lease
`alignment:<id>` for this process (renewed every ttl/3 while it works; the engine sees only
the `RunningAttempt` handle), records the attempt RUNNING and returns it. The work — reading the reviews, judging the held-out items twice, the κ gate —
runs as a task of this process; its outcome is written fenced by the lease, with the
adopted revision and the `review.alignment_finished` webhook event (store/judge_revisions/
alignments.py). Any exception is the attempt's FAILED reason, never a decision on the
reviews. If this process dies, the lease lapses (30 s) and the next process that
reads the attempts marks it FAILED ("start it again"): an attempt is never resumed, since
its judge calls would be paid twice and its split is cheap to redo with the same seed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from agenteval.engine.alignment.align import (
    AlignRequest,
    ReviewSource,
    check_request,
    evaluate,
    request_fields,
)
from agenteval.llm import ModelRegistry, ResponseCache
from agenteval.store.judge_revisions import alignments
from agenteval.store.judge_revisions.alignments import FAILED, Outcome, RunningAttempt

logger = logging.getLogger(__name__)
MAX_REASON_CHARS = 2000
# The running attempts of this process: a task nobody references may be collected.
_running: set[asyncio.Task[None]] = set()


async def start(request: AlignRequest, source: ReviewSource,
                open_registry: Callable[[], Awaitable[ModelRegistry]],
                cache: ResponseCache | None) -> RunningAttempt:
    """The RUNNING attempt (VALIDATION_FAILED before anything is recorded); its `row` is
    what the API answers with."""
    registry = await open_registry()
    try:
        model = check_request(request, registry)
        attempt = await alignments.start(request_fields(request, model))
    except BaseException:
        await registry.aclose()
        raise
    task = asyncio.create_task(_work(request, source, registry, cache, attempt),
                               name=f"alignment {attempt.row.id}")
    _running.add(task)
    task.add_done_callback(_running.discard)
    return attempt


async def _work(request: AlignRequest, source: ReviewSource, registry: ModelRegistry,
                cache: ResponseCache | None, attempt: RunningAttempt) -> None:
    try:
        try:
            outcome = await evaluate(request, source, registry, cache)
        except Exception as error:  # the attempt's failure, recorded as its reason
            logger.exception("alignment %s failed", attempt.row.id)
            reason = f"the attempt failed: {type(error).__name__}: {error}"
            outcome = Outcome({"decision": FAILED, "reason": reason[:MAX_REASON_CHARS]})
        if not await attempt.finish(outcome):
            logger.warning("alignment %s: its lease lapsed; another process failed it",
                           attempt.row.id)
    except Exception:
        logger.exception("alignment %s: its outcome could not be recorded", attempt.row.id)
    finally:
        await registry.aclose()


async def wait_all() -> None:
    """Until this process's running attempts are done (tests, shutdown)."""
    while _running:
        await asyncio.gather(*list(_running), return_exceptions=True)
