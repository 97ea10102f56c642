"""Monitoring reads (issue 37): sources, monitors, conversations, hits, verdicts, alerts."""

from __future__ import annotations

from datetime import UTC, datetime

import strawberry
from strawberry.types import Info

from agenteval.api.ids import parse_id
from agenteval.api.permissions import CanRead
from agenteval.api.text_arguments import bounded
from agenteval.api.types.monitoring.conversation import (
    MonitorAlert,
    MonitoredConversation,
    MonitoredTurn,
    MonitorVerdict,
    RedLineHit,
)
from agenteval.api.types.monitoring.monitor import Monitor
from agenteval.api.types.monitoring.source import MonitoredSource
from agenteval.api.types.monitoring.window import MonitorWindow
from agenteval.engine.monitoring.windows import recent_windows
from agenteval.store import models

MAX_LIST = 500


def _limit(first: int) -> int:
    return max(0, min(first, MAX_LIST))


@strawberry.type
class MonitoringQueries:
    @strawberry.field(permission_classes=[CanRead])
    async def monitored_sources(self) -> list[MonitoredSource]:
        return [MonitoredSource.from_row(r)
                for r in await models.MonitoredSource.all().order_by("name")]

    @strawberry.field(permission_classes=[CanRead])
    async def monitors(self) -> list[Monitor]:
        return [Monitor.from_row(r) for r in await models.Monitor.all().order_by("created_at")]

    @strawberry.field(permission_classes=[CanRead],
                      description="The newest conversations first (at most 500).")
    async def monitored_conversations(self, source_id: strawberry.ID | None = None,
                                      status: str | None = None,
                                      first: int = 50) -> list[MonitoredConversation]:
        query = models.MonitoredConversation.all()
        if source_id is not None:
            query = query.filter(source_id=parse_id(source_id, "sourceId"))
        if status is not None:
            query = query.filter(status=bounded(status, "status"))
        rows = await query.order_by("-last_turn_at").limit(_limit(first))
        return [MonitoredConversation.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead])
    async def monitored_conversation(self, id: strawberry.ID) -> MonitoredConversation | None:
        row = await models.MonitoredConversation.get_or_none(id=parse_id(id))
        return None if row is None else MonitoredConversation.from_row(row)

    @strawberry.field(permission_classes=[CanRead])
    async def monitored_turns(self, conversation_id: strawberry.ID) -> list[MonitoredTurn]:
        rows = await models.MonitoredTurn.filter(
            conversation_id=parse_id(conversation_id, "conversationId"))
        rows.sort(key=lambda r: (r.position is None, r.position or 0, r.sent_at, r.id))
        return [MonitoredTurn.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead])
    async def red_line_hits(self, monitor_id: strawberry.ID | None = None,
                            rule_type: str | None = None, first: int = 50,
                            conversation_id: strawberry.ID | None = None) -> list[RedLineHit]:
        query = models.RedLineHit.all()
        if conversation_id is not None:
            query = query.filter(conversation_id=parse_id(conversation_id, "conversationId"))
        if monitor_id is not None:
            query = query.filter(monitor_id=parse_id(monitor_id, "monitorId"))
        if rule_type is not None:
            query = query.filter(rule_type=bounded(rule_type, "ruleType"))
        rows = await query.order_by("-created_at").limit(_limit(first))
        return [RedLineHit.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead])
    async def monitor_verdicts(self, monitor_id: strawberry.ID | None = None,
                               conversation_id: strawberry.ID | None = None,
                               first: int = 50) -> list[MonitorVerdict]:
        query = models.MonitorVerdict.all()
        if monitor_id is not None:
            query = query.filter(monitor_id=parse_id(monitor_id, "monitorId"))
        if conversation_id is not None:
            query = query.filter(conversation_id=parse_id(conversation_id, "conversationId"))
        rows = await query.order_by("-judged_at", "version").limit(_limit(first))
        return [MonitorVerdict.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead])
    async def monitor_alerts(self, monitor_id: strawberry.ID | None = None,
                             first: int = 50) -> list[MonitorAlert]:
        query = models.MonitorAlert.all()
        if monitor_id is not None:
            query = query.filter(monitor_id=parse_id(monitor_id, "monitorId"))
        rows = await query.order_by("-created_at").limit(_limit(first))
        return [MonitorAlert.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead],
                      description="The monitor's last windows (AGENTEVAL_MONITORING_WINDOW_S "
                                  "long), the current partial one last.")
    async def monitor_windows(self, info: Info, monitor_id: strawberry.ID,
                              count: int = 24) -> list[MonitorWindow]:
        length = info.context.services.settings.monitoring_window_s
        windows = await recent_windows(parse_id(monitor_id, "monitorId"), datetime.now(UTC),
                                       length, max(1, min(count, 200)))
        return [MonitorWindow.of(w) for w in windows]
