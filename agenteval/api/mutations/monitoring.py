"""Monitoring mutations (issue 37): sources and monitors (OPERATOR), answering alerts."""

from __future__ import annotations

import strawberry
from strawberry import UNSET
from strawberry.scalars import JSON

from agenteval.api.ids import parse_id
from agenteval.api.permissions import IsOperator
from agenteval.api.text_arguments import bounded, bounded_json, iso_datetime
from agenteval.api.types.monitoring.case_draft import ConversationCaseDraftType
from agenteval.api.types.monitoring.conversation import MonitorAlert
from agenteval.api.types.monitoring.monitor import Monitor
from agenteval.api.types.monitoring.source import MonitoredSource
from agenteval.api.unset import value
from agenteval.engine.monitoring import monitors
from agenteval.engine.monitoring.regression_drafts import draft_case_from_conversation


@strawberry.type
class MonitoringMutations:
    @strawberry.mutation(permission_classes=[IsOperator],
                         description="A source of production conversations (ingesting to an "
                                     "unknown name creates one with the defaults).")
    async def create_monitored_source(
            self, name: str, target_id: strawberry.ID | None = None,
            quiet_period_seconds: float = 300.0, masking_kinds: list[str] | None = None,
            retention_days: float | None = None) -> MonitoredSource:
        row = await monitors.create_source(
            bounded(name, "name") or "", parse_id(target_id, "targetId") if target_id else None, quiet_period_seconds,
            masking_kinds, retention_days)
        return MonitoredSource.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="A monitor: selection, rules judged at close, red lines "
                                     "checked at once, sampling and a daily model budget.")
    async def create_monitor(
            self, name: str, judge: JSON, source_id: strawberry.ID | None = None,
            metadata_match: JSON | None = None, red_lines: JSON | None = None,
            sample_rate: float = 1.0, stratify_by: str | None = None,
            daily_model_budget: int | None = None) -> Monitor:
        bounded_json(judge, "judge")
        bounded_json(metadata_match, "metadataMatch")
        bounded_json(red_lines, "redLines")
        row = await monitors.create_monitor(
            bounded(name, "name") or "", parse_id(source_id, "sourceId") if source_id else None,
            metadata_match if metadata_match is not None else {}, judge, red_lines or [],
            sample_rate, bounded(stratify_by, "stratifyBy"), daily_model_budget)
        return Monitor.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Replace a monitor's settings (checked as createMonitor's); "
                                     "what was judged before keeps its verdicts.")
    async def update_monitor(
            self, id: strawberry.ID, name: str, judge: JSON, source_id: strawberry.ID | None = None,
            metadata_match: JSON | None = None, red_lines: JSON | None = None,
            sample_rate: float = 1.0, stratify_by: str | None = None,
            daily_model_budget: int | None = None, active: bool = True) -> Monitor:
        bounded_json(judge, "judge")
        bounded_json(metadata_match, "metadataMatch")
        bounded_json(red_lines, "redLines")
        row = await monitors.update_monitor(
            parse_id(id), bounded(name, "name") or "",
            parse_id(source_id, "sourceId") if source_id else None,
            metadata_match if metadata_match is not None else {}, judge, red_lines or [],
            sample_rate, bounded(stratify_by, "stratifyBy"), daily_model_budget, active)
        return Monitor.from_row(row)

    @strawberry.mutation(permission_classes=[IsOperator])
    async def acknowledge_monitor_alert(self, id: strawberry.ID) -> MonitorAlert:
        return MonitorAlert.from_row(await monitors.set_alert_state(parse_id(id), "ACKNOWLEDGED"))

    @strawberry.mutation(permission_classes=[IsOperator])
    async def mute_monitor_alert(self, id: strawberry.ID) -> MonitorAlert:
        return MonitorAlert.from_row(await monitors.set_alert_state(parse_id(id), "MUTED"))

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="A draft case from a monitored conversation's user "
                                     "turns up to upToTurn (0-based; default its last), with "
                                     "its red lines as checks. Give exactly one of scenarioId "
                                     "and newScenarioName.")
    async def create_case_from_conversation(
            self, conversation_id: strawberry.ID, up_to_turn: int | None = UNSET,
            scenario_id: strawberry.ID | None = UNSET,
            new_scenario_name: str | None = UNSET) -> ConversationCaseDraftType:
        wanted = value(scenario_id)
        return ConversationCaseDraftType.from_draft(await draft_case_from_conversation(
            parse_id(conversation_id, "conversationId"), value(up_to_turn),
            None if wanted is None else parse_id(wanted, "scenarioId"),
            value(new_scenario_name)))

    @strawberry.mutation(permission_classes=[IsOperator],
                         description="Judge with this monitor the conversations already "
                                     "judged (before it existed) whose last turn is at or "
                                     "after `since`; how many were queued.")
    async def backfill_monitor(self, id: strawberry.ID, since: str) -> int:
        return await monitors.backfill(parse_id(id), iso_datetime(since, "since"))
