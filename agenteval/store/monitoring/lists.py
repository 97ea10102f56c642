"""What the API lists of monitoring: sources, monitors, conversations and their turns, red-line
hits, verdicts and alerts, each newest first and at most `limit` where it can grow.

The rows still cross this port (the API's types read their attributes)."""

from __future__ import annotations

import uuid

from agenteval.store.models import (
    Monitor,
    MonitorAlert,
    MonitoredConversation,
    MonitoredSource,
    MonitoredTurn,
    MonitorVerdict,
    RedLineHit,
)
from agenteval.store.paging import where_given

__all__ = ["alerts", "conversations", "find_conversation", "hits", "monitors_oldest_first",
           "sources_by_name", "turns_in_order", "verdicts"]


async def sources_by_name() -> list[MonitoredSource]:
    return list(await MonitoredSource.all().order_by("name"))


async def monitors_oldest_first() -> list[Monitor]:
    return list(await Monitor.all().order_by("created_at"))


async def conversations(source_id: uuid.UUID | None, status: str | None, limit: int
                        ) -> list[MonitoredConversation]:
    """The newest conversations (by last turn) of this source, in this status, when given."""
    query = MonitoredConversation.all()
    query = where_given(query, source_id=source_id, status=status)
    return list(await query.order_by("-last_turn_at").limit(limit))


async def find_conversation(conversation_id: uuid.UUID) -> MonitoredConversation | None:
    return await MonitoredConversation.get_or_none(id=conversation_id)


async def turns_in_order(conversation_id: uuid.UUID) -> list[MonitoredTurn]:
    """The conversation's turns by position (those without one last), then time sent."""
    rows = list(await MonitoredTurn.filter(conversation_id=conversation_id))
    rows.sort(key=lambda r: (r.position is None, r.position or 0, r.sent_at, r.id))
    return rows


async def hits(conversation_id: uuid.UUID | None, monitor_id: uuid.UUID | None,
               rule_type: str | None, limit: int) -> list[RedLineHit]:
    """The newest red-line hits of this conversation, monitor and rule, when given."""
    query = RedLineHit.all()
    query = where_given(
        query, conversation_id=conversation_id, monitor_id=monitor_id, rule_type=rule_type)
    return list(await query.order_by("-created_at").limit(limit))


async def verdicts(monitor_id: uuid.UUID | None, conversation_id: uuid.UUID | None, limit: int
                   ) -> list[MonitorVerdict]:
    """The newest verdicts (by time judged, then version) of this monitor and
    conversation, when given."""
    query = MonitorVerdict.all()
    query = where_given(query, monitor_id=monitor_id, conversation_id=conversation_id)
    return list(await query.order_by("-judged_at", "version").limit(limit))


async def alerts(monitor_id: uuid.UUID | None, limit: int) -> list[MonitorAlert]:
    """The newest alerts of this monitor, when given."""
    query = MonitorAlert.all()
    query = where_given(query, monitor_id=monitor_id)
    return list(await query.order_by("-created_at").limit(limit))
