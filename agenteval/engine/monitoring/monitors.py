"""Sources and monitors as an OPERATOR sets them up, and alerts as a person answers them."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.monitoring.masking import KINDS
from agenteval.domain.monitoring.monitor_judge import validate_judge, validate_red_lines
from agenteval.errors import Conflict, NotFound, ValidationFailed
from agenteval.rules.catalog import RULE_CATALOG
from agenteval.store.monitoring import settings
from agenteval.store.monitoring.settings import MonitorAlert, MonitoredSource, MonitorSettings
from agenteval.store.monitoring.sources import create_source as store_source

ALERT_STATES = ("OPEN", "ACKNOWLEDGED", "MUTED")


async def create_source(name: str, target_id: uuid.UUID | None, quiet_period_s: float,
                        masking_kinds: list[str] | None, retention_days: float | None
                        ) -> MonitoredSource:
    errors = FieldErrors()
    if not name.strip():
        errors.add("name", "must not be empty")
    if quiet_period_s <= 0:
        errors.add("quietPeriodSeconds", "must be > 0")
    for kind in masking_kinds or []:
        if kind not in KINDS:
            errors.add("maskingKinds", f"{kind!r} is not one of {', '.join(KINDS)}")
    if retention_days is not None and retention_days <= 0:
        errors.add("retentionDays", "must be > 0")
    if errors:
        raise ValidationFailed(errors)
    if await settings.source_named(name):
        raise Conflict(f"a source named {name!r} exists")
    masking = {"enabled": masking_kinds != [], "kinds": list(masking_kinds or KINDS)}
    return await store_source(name, target_id=str(target_id) if target_id else None,
                              quiet_period_s=quiet_period_s, masking=masking,
                              retention_days=retention_days)


async def _checked_monitor(name: str, source_id: uuid.UUID | None, metadata_match: Any,
                           judge: Any, red_lines: Any, sample_rate: float,
                           daily_model_budget: int | None) -> None:
    """Every bad field of a monitor as it would be saved, at once (nothing saved)."""
    errors = FieldErrors()
    if not name.strip():
        errors.add("name", "must not be empty")
    if source_id is not None and not await settings.source_exists(source_id):
        errors.add("sourceId", "no such source")
    if not isinstance(metadata_match, dict):
        errors.add("metadataMatch", "must be an object of metadata key → value (or values)")
    validate_judge(judge, RULE_CATALOG, errors)
    validate_red_lines(red_lines, RULE_CATALOG, errors)
    if not 0 <= sample_rate <= 1:
        errors.add("sampleRate", "must be between 0 and 1")
    if daily_model_budget is not None and daily_model_budget < 0:
        errors.add("dailyModelBudget", "must be ≥ 0")
    if errors:
        raise ValidationFailed(errors)


async def create_monitor(name: str, source_id: uuid.UUID | None, metadata_match: Any,
                         judge: Any, red_lines: Any, sample_rate: float,
                         stratify_by: str | None, daily_model_budget: int | None) -> MonitorSettings:
    await _checked_monitor(name, source_id, metadata_match, judge, red_lines, sample_rate,
                           daily_model_budget)
    monitor = await settings.create_monitor({
        "name": name, "source_id": source_id, "metadata_match": metadata_match, "judge": judge,
        "red_lines": red_lines or [], "sample_rate": sample_rate, "stratify_by": stratify_by,
        "daily_model_budget": daily_model_budget})
    if monitor is None:
        raise Conflict(f"a monitor named {name!r} exists")
    return monitor


async def update_monitor(monitor_id: uuid.UUID, name: str, source_id: uuid.UUID | None,
                         metadata_match: Any, judge: Any, red_lines: Any, sample_rate: float,
                         stratify_by: str | None, daily_model_budget: int | None,
                         active: bool) -> MonitorSettings:
    """Replace a monitor's settings, checked as at creation. Verdicts, hits and alerts already
    stored stay as they were judged; conversations judged from now on use the new settings."""
    monitor = await settings.find_monitor(monitor_id)
    if monitor is None:
        raise NotFound("no such monitor")
    await _checked_monitor(name, source_id, metadata_match, judge, red_lines, sample_rate,
                           daily_model_budget)
    updated = await settings.update_monitor(monitor_id, {
        "name": name, "source_id": source_id, "metadata_match": metadata_match,
        "judge": judge, "red_lines": red_lines or [], "sample_rate": sample_rate,
        "stratify_by": stratify_by, "daily_model_budget": daily_model_budget,
        "active": active})
    if updated is None:
        raise Conflict(f"a monitor named {name!r} exists")
    return updated


async def set_alert_state(alert_id: uuid.UUID, state: str) -> MonitorAlert:
    alert = await settings.set_alert_state(alert_id, state)
    if alert is None:
        raise NotFound("no such alert")
    return alert


async def backfill(monitor_id: uuid.UUID, since: datetime) -> int:
    """Judge, with this monitor, the conversations judged before it existed whose last turn
    is at or after `since`: they are closed again at the same version, so the judging claims
    them and only monitors without a verdict for that version (this one) judge them, within
    the monitor's daily model budget. How many were queued."""
    monitor = await settings.find_monitor(monitor_id)
    if monitor is None:
        raise NotFound("no such monitor")
    return await settings.reclose_judged(since, monitor.source_id)
