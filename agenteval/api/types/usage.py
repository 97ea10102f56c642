"""Usage: what a run's or eval's model calls used and cost (or will cost)."""

from __future__ import annotations

import uuid

import strawberry

from agenteval.api.context import ResolverInfo
from agenteval.config import Settings
from agenteval.domain.model_costs import UsageTotals
from agenteval.engine.catalog import usage


@strawberry.type(description="Model calls and tokens; estimatedCost from AGENTEVAL_MODEL_PRICES "
                             "(null when a model used has no price). Answers from the response "
                             "cache are not calls and are not counted.")
class Usage:
    model_calls: int
    prompt_tokens: int
    completion_tokens: int
    estimated_cost: float | None
    currency: str | None

    @classmethod
    def from_totals(cls, totals: UsageTotals) -> Usage:
        return cls(model_calls=totals.model_calls, prompt_tokens=totals.prompt_tokens,
                   completion_tokens=totals.completion_tokens,
                   estimated_cost=totals.estimated_cost, currency=totals.currency)


def model_prices(info: ResolverInfo) -> str | None:
    """The AGENTEVAL_MODEL_PRICES setting of the running service."""
    settings: Settings = info.context.services.settings
    return settings.model_prices


async def run_usage(info: ResolverInfo, run_id: uuid.UUID) -> Usage:
    groups = await info.context.loaders.usage_by_run.load(run_id)
    return Usage.from_totals(usage.totals_of(groups, model_prices(info)))


async def eval_usage(info: ResolverInfo, eval_id: uuid.UUID) -> Usage:
    groups = await info.context.loaders.usage_by_eval.load(eval_id)
    return Usage.from_totals(usage.totals_of(groups, model_prices(info)))


async def eval_cost_estimate(info: ResolverInfo, plan: dict[str, object] | None) -> Usage | None:
    totals = await usage.cost_estimate(plan, model_prices(info))
    return None if totals is None else Usage.from_totals(totals)
