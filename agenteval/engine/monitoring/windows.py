"""Per monitor and window: volume, pass rate and each rule's hit rate with their Wilson
intervals, and the drop alert when the pass rate fell significantly (domain/monitoring/
trends.py). Windows are `window_s` long, aligned on the epoch; the clock is passed in
(`now`) so tests replay minutes in milliseconds."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from agenteval.domain.monitoring.trends import Rate, alert_gate, decide_drop, window_start
from agenteval.store.monitoring import drop_alerts
from agenteval.store.monitoring.reads import active_monitors
from agenteval.store.monitoring.settings import MonitorSettings

COUNTED = ("JUDGED", "NOT_SAMPLED", "SKIPPED_BUDGET")  # ERROR is not a pass nor a failure


@dataclass(frozen=True)
class Window:
    start: datetime
    end: datetime
    volume: int
    errored: int
    model_judged: int
    skipped_by_budget: int
    passed: Rate
    rule_hits: dict[str, Rate]


async def window_of(monitor_id: Any, start: datetime, length_s: float) -> Window:
    end = start + timedelta(seconds=length_s)
    rows = await drop_alerts.verdicts_between(monitor_id, start, end)
    counted = [r for r in rows if r[0] in COUNTED]
    hits: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for _, _, results, _ in counted:
        for result in results or []:
            if result.get("status") == "error":
                continue
            seen[result["ruleType"]] += 1
            hits[result["ruleType"]] += result.get("status") == "failed"
    return Window(start, end, len(rows), sum(r[0] == "ERROR" for r in rows),
                  sum(bool(r[3]) for r in rows), sum(r[0] == "SKIPPED_BUDGET" for r in rows),
                  Rate(sum(bool(r[1]) for r in counted), len(counted)),
                  {rule: Rate(hits[rule], seen[rule]) for rule in sorted(seen)})


async def recent_windows(monitor_id: Any, now: datetime, length_s: float, count: int
                         ) -> list[Window]:
    """The last `count` windows, the current (partial) one last."""
    current = window_start(now, length_s)
    return [await window_of(monitor_id, current - timedelta(seconds=length_s * back), length_s)
            for back in range(count - 1, -1, -1)]


@dataclass(frozen=True)
class DropSettings:
    window_s: float
    cooldown_s: float
    min_count: int = 30
    min_drop: float = 0.1


async def check_drops(now: datetime, settings: DropSettings) -> int:
    """Compare each monitor's last complete window with the one before; alert a drop."""
    raised = 0
    for monitor in await active_monitors():
        previous, last, _ = await recent_windows(monitor.id, now, settings.window_s, 3)
        decision = decide_drop(previous.passed, last.passed, min_count=settings.min_count,
                               min_drop=settings.min_drop)
        if not decision.alert:
            continue
        latest = await drop_alerts.last_drop(monitor.id)
        last_window = (datetime.fromisoformat(latest.detail["window"]["start"])
                       if latest else None)
        if not alert_gate(last.start, latest.created_at if latest else None, last_window, now,
                          settings.cooldown_s):
            continue
        await _raise_drop(monitor, previous, last, decision.p_value)
        raised += 1
    return raised


async def _raise_drop(monitor: MonitorSettings, previous: Window, last: Window,
                      p_value: float | None) -> None:
    low, high = last.passed.wilson() or (None, None)
    event = {"monitor": {"id": str(monitor.id), "name": monitor.name},
             "metric": {"name": "pass rate", "value": last.passed.value, "low": low,
                        "high": high, "previous": previous.passed.value,
                        "pValue": None if p_value is None else float(f"{p_value:.3g}"),
                        "count": last.passed.total, "previousCount": previous.passed.total},
             "window": {"start": last.start.isoformat(), "end": last.end.isoformat()},
             "path": f"/monitoring/monitors/{monitor.id}"}
    await drop_alerts.store_drop(monitor.id, event)
