"""A monitor's window: volume and rates, each with its Wilson interval."""

from __future__ import annotations

from datetime import datetime

import strawberry

from agenteval.domain.monitoring.trends import Rate
from agenteval.engine.monitoring.windows import Window


@strawberry.type(description="A rate with its 95 % Wilson interval (null when nothing counted).")
class MonitorRate:
    successes: int
    total: int
    value: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, rate: Rate) -> MonitorRate:
        interval = rate.wilson()
        return cls(successes=rate.successes, total=rate.total, value=rate.value,
                   low=interval[0] if interval else None, high=interval[1] if interval else None)


@strawberry.type
class RuleHitRate:
    rule_type: str
    rate: MonitorRate = strawberry.field(description="Conversations where the rule failed.")


@strawberry.type
class MonitorWindow:
    start: datetime
    end: datetime
    volume: int
    errored: int = strawberry.field(description="Could not be judged (never a pass).")
    model_judged: int
    skipped_by_budget: int
    pass_rate: MonitorRate
    rule_hit_rates: list[RuleHitRate]

    @classmethod
    def of(cls, window: Window) -> MonitorWindow:
        return cls(start=window.start, end=window.end, volume=window.volume,
                   errored=window.errored, model_judged=window.model_judged,
                   skipped_by_budget=window.skipped_by_budget,
                   pass_rate=MonitorRate.of(window.passed),
                   rule_hit_rates=[RuleHitRate(rule_type=rule, rate=MonitorRate.of(rate))
                                   for rule, rate in window.rule_hits.items()])
