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
from agenteval.store.monitoring import lists

MAX_LIST = 500


def _limit(first: int) -> int:
    return max(0, min(first, MAX_LIST))


@strawberry.type
class MonitoringQueries:
    @strawberry.field(permission_classes=[CanRead])
    async def monitored_sources(self) -> list[MonitoredSource]:
        return [MonitoredSource.from_row(r) for r in await lists.sources_by_name()]

    @strawberry.field(permission_classes=[CanRead])
    async def monitors(self) -> list[Monitor]:
        return [Monitor.from_row(r) for r in await lists.monitors_oldest_first()]

    @strawberry.field(permission_classes=[CanRead],
                      description="The newest conversations first (at most 500).")
    async def monitored_conversations(self, source_id: strawberry.ID | None = None,
                                      status: str | None = None,
                                      first: int = 50) -> list[MonitoredConversation]:
        rows = await lists.conversations(
            None if source_id is None else parse_id(source_id, "sourceId"),
            None if status is None else bounded(status, "status"), _limit(first))
        return [MonitoredConversation.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead])
    async def monitored_conversation(self, id: strawberry.ID) -> MonitoredConversation | None:
        row = await lists.find_conversation(parse_id(id))
        return None if row is None else MonitoredConversation.from_row(row)

    @strawberry.field(permission_classes=[CanRead])
    async def monitored_turns(self, conversation_id: strawberry.ID) -> list[MonitoredTurn]:
        rows = await lists.turns_in_order(parse_id(conversation_id, "conversationId"))
        return [MonitoredTurn.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead])
    async def red_line_hits(self, monitor_id: strawberry.ID | None = None,
                            rule_type: str | None = None, first: int = 50,
                            conversation_id: strawberry.ID | None = None) -> list[RedLineHit]:
        rows = await lists.hits(
            None if conversation_id is None else parse_id(conversation_id, "conversationId"),
            None if monitor_id is None else parse_id(monitor_id, "monitorId"),
            None if rule_type is None else bounded(rule_type, "ruleType"), _limit(first))
        return [RedLineHit.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead])
    async def monitor_verdicts(self, monitor_id: strawberry.ID | None = None,
                               conversation_id: strawberry.ID | None = None,
                               first: int = 50) -> list[MonitorVerdict]:
        rows = await lists.verdicts(
            None if monitor_id is None else parse_id(monitor_id, "monitorId"),
            None if conversation_id is None else parse_id(conversation_id, "conversationId"),
            _limit(first))
        return [MonitorVerdict.from_row(r) for r in rows]

    @strawberry.field(permission_classes=[CanRead])
    async def monitor_alerts(self, monitor_id: strawberry.ID | None = None,
                             first: int = 50) -> list[MonitorAlert]:
        rows = await lists.alerts(
            None if monitor_id is None else parse_id(monitor_id, "monitorId"), _limit(first))
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
