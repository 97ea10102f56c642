"""Asking an actor, as the API and the CLI see it: one place that says "try again shortly".

An actor that cannot answer now — stopping, given up on after repeated crashes (the
next message rebuilds it), not answering in time, or owned by another process whose
work on the key is still in flight — is `Unavailable` (UNAVAILABLE, retryable), for
both engine systems. So nothing above the engine imports the actor runtime.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TypeVar

from actors import ActorStopped, OwnerBusy, OwnershipLost, VersionConflict
from agenteval.errors import Conflict, Unavailable

T = TypeVar("T")

OWNER_BUSY = ("another process's turn on this session is still in flight; "
              "retry with the same idempotency key")
EVAL_BUSY = "another process's command on this eval is still in flight; retry shortly"


async def answered(ask: Awaitable[T]) -> T:
    """The actor's answer, or `Unavailable` when it cannot answer now."""
    try:
        return await ask
    except OwnerBusy as exc:
        busy = EVAL_BUSY if exc.name.startswith("eval:") else OWNER_BUSY
        raise Unavailable(busy) from exc
    except VersionConflict as exc:  # still moving after the runtime's retries
        raise Conflict(f"{exc.what} kept changing concurrently; retry") from exc
    except (ActorStopped, OwnershipLost, TimeoutError) as exc:
        raise Unavailable() from exc
