"""runProgress: the run's current progress first, then every change, until it ends.

The bus only wakes the subscriber: a RESYNC wake-up (the bus reconnected) or
a quiet second makes it read the stored progress instead. Progress only moves
forward: a message that arrives after a newer stored read (publishes from the
run's owner may overtake that read) is not sent.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Any

import strawberry

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.permissions import CanRead
from agenteval.api.types.static.static_run import RunProgress
from agenteval.engine.static.run_actor import run_topic
from agenteval.engine.static.run_reports import TERMINAL, stored_progress
from agenteval.errors import NotFound, RateLimited
from agenteval.store.event_bus import Overflowed, is_resync

# The bus is at-most-once and publishing is throttled: re-read the DB this often.
RESYNC_INTERVAL_S = 1.0


async def _stored_progress(run_id: Any) -> dict[str, Any]:
    progress = await stored_progress(run_id)
    if progress is None:
        raise NotFound(f"run {run_id} does not exist")
    return progress


def _not_older(current: dict[str, Any], last: dict[str, Any]) -> bool:
    return current["done"] >= last["done"] or current["status"] in TERMINAL


@strawberry.type
class StaticSubscriptions:
    @strawberry.subscription(permission_classes=[CanRead],
                             description="The current progress first, then every change; "
                                         "ends after the terminal state.")
    async def run_progress(self, info: ResolverInfo,
                           run_id: strawberry.ID) -> AsyncGenerator[RunProgress, None]:
        run_uuid = parse_id(run_id, "runId")
        # Subscribe before reading, so nothing between the read and the first event is lost.
        subscription = await info.context.services.events.subscribe(run_topic(run_uuid))
        try:
            last = await _stored_progress(run_uuid)
            yield RunProgress.from_dict(last)
            while last["status"] not in TERMINAL:
                try:
                    current = await subscription.get(timeout=RESYNC_INTERVAL_S)
                except TimeoutError:
                    current = await _stored_progress(run_uuid)
                except Overflowed:
                    raise RateLimited("runProgress subscriber fell behind; subscribe again",
                                      {"resync": True}) from None
                if is_resync(current):
                    current = await _stored_progress(run_uuid)
                if current != last and _not_older(current, last):
                    last = current
                    yield RunProgress.from_dict(current)
        finally:
            await subscription.close()
