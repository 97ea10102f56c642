"""The event bus's topics of intelligent evals, and publishing appended events on them.

After its transaction committed, a writer of an eval's events (an actor, the
wake-up recorder) wakes the eval's subscribers; they read the log from the
database. No ORM here: the actors and the in-memory stores publish through it too.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from agenteval.domain.intelligent.eval_events import EventRecord
from agenteval.store.event_bus import EventBus

EvalId = uuid.UUID | str


def eval_topic(eval_id: EvalId) -> str:
    return f"eval:{eval_id}"


def session_topic(session_id: EvalId) -> str:
    return f"session:{session_id}"


async def publish_events(bus: EventBus, events: Iterable[EventRecord]) -> None:
    """Wake the subscribers of each event's eval (after the transaction committed)."""
    for event in events:
        await bus.publish(eval_topic(event.eval_id),
                          {"sequence": event.sequence, "type": event.type})
