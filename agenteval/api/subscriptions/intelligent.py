"""Subscriptions of intelligent evaluation: replay from a cursor, then live, gap-free.

The bus is only a wake-up: after each wake-up (or every POLL_S, in case a
publish was lost between processes) the generator reads the database after
the last item it sent, so nothing is skipped or sent twice. Wake-ups that
arrive while it sends are coalesced into one read (store/event_bus.WakeUps); a
subscriber so slow that more than the bus's queue size of events arrive during
one read-and-send cycle gets RATE_LIMITED {"resync": true} and the stream ends.
Every wake-up, the bus's RESYNC after a Redis reconnect included, leads to
that read from the cursor, so an outage of the bus delays but skips nothing.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import AsyncGenerator, Awaitable, Callable, Sequence
from typing import Any, cast

import strawberry
from strawberry import UNSET

from agenteval.api.context import ResolverInfo
from agenteval.api.ids import parse_id
from agenteval.api.permissions import CanRead
from agenteval.api.subscriptions import fanout
from agenteval.api.types.intelligent.intelligent_event import EvalEvent
from agenteval.api.types.intelligent.intelligent_session import Message
from agenteval.api.unset import value
from agenteval.engine.intelligent import evals, reads
from agenteval.errors import RateLimited
from agenteval.store.evals.eval_topics import eval_topic, session_topic
from agenteval.store.event_bus import Overflowed, WakeUps
from agenteval.store.models import EvalEvent as EventRow
from agenteval.store.models import EvalMessage as MessageRow

POLL_S = 5.0
BATCH = 200
CONVERTED_KEPT = 2048

# Stored events and messages never change: each row is converted to its GraphQL object
# once per process for all its subscribers (who then share its execution, shared_results).
_converted_rows: OrderedDict[Any, Any] = OrderedDict()


def _converted(row: Any, convert: Callable[[Any], Any]) -> Any:
    key = (type(row).__name__, row.id)
    converted = _converted_rows.get(key)
    if converted is None:
        converted = _converted_rows[key] = convert(row)
        if len(_converted_rows) > CONVERTED_KEPT:
            _converted_rows.popitem(last=False)
    return converted


async def _follow(info: ResolverInfo, feed: fanout.Feed, cursor: int) -> AsyncGenerator[Any, None]:
    """Rows after `cursor` from the database, then new ones as the bus announces them
    (handed over to the topic's fan-out hub while that can deliver them)."""
    # Wake-ups only: many events arriving while this subscriber sends make one read.
    subscription = cast(WakeUps, await feed.events.subscribe(feed.topic, wake_ups=True))
    hand_over = fanout.hand_over()
    try:
        while True:
            rows = await feed.read_after(cursor)
            for row in rows:
                cursor = feed.position(row)
                yield feed.convert(row)
            if len(rows) == BATCH:
                continue  # more to replay before waiting
            try:
                if hand_over is None:
                    await subscription.get(timeout=POLL_S)
                    continue
                subscription.take()  # this read-and-send cycle's arrivals
                left_at = await hand_over.follow(feed, cursor)
                if left_at is not None:  # the hub delivered up to there
                    cursor = left_at
                    subscription.take(check=False)
            except TimeoutError:
                continue
            except Overflowed:
                raise RateLimited("this subscriber fell behind; re-subscribe from the last "
                                  "cursor it received", {"resync": True}) from None
    finally:
        await subscription.close()


def _feed(info: ResolverInfo, topic: str, read_after: Callable[[int], Awaitable[Sequence[Any]]],
          position: Callable[[Any], int], convert: Callable[[Any], Any]) -> fanout.Feed:
    return fanout.Feed(info.context.services.events, topic, BATCH, read_after, position,
                       lambda row: _converted(row, convert))


@strawberry.type
class IntelligentSubscriptions:
    @strawberry.subscription(permission_classes=[CanRead])
    async def intelligent_eval_events(self, info: ResolverInfo, eval_id: strawberry.ID,
                                      after_sequence: int | None = UNSET
                                      ) -> AsyncGenerator[EvalEvent, None]:
        row = await evals.get_eval(parse_id(eval_id, "evalId"))
        after_sequence = value(after_sequence)
        cursor = row.event_sequence if after_sequence is None else after_sequence

        async def read_after(sequence: int) -> Sequence[EventRow]:
            return await reads.events_after(row.id, sequence, BATCH)

        feed = _feed(info, eval_topic(row.id), read_after, lambda event: event.sequence,
                     EvalEvent.from_row)
        async for event in _follow(info, feed, cursor):
            yield event

    @strawberry.subscription(permission_classes=[CanRead])
    async def session_messages(self, info: ResolverInfo, session_id: strawberry.ID,
                               after_index: int | None = UNSET
                               ) -> AsyncGenerator[Message, None]:
        after_index = value(after_index)
        session = await evals.get_session(parse_id(session_id, "sessionId"))
        if after_index is None:
            after_index = 2 * session.turn_count - 1

        async def read_after(index: int) -> Sequence[MessageRow]:
            return await reads.messages_after(session.id, index, BATCH)

        feed = _feed(info, session_topic(session.id), read_after, lambda message: message.index,
                     Message.from_row)
        async for message in _follow(info, feed, after_index):
            yield message


