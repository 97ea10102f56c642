"""What a run or an eval's model calls used and cost, and what an eval will cost.

The price table comes from `AGENTEVAL_MODEL_PRICES`: JSON text, or the path of a
JSON file (see domain.model_costs for its shape).
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agenteval.domain.model_costs import (
    ModelPrice,
    ModelTokens,
    PerCall,
    UsageTotals,
    estimate_rows,
    parse_price_table,
    planned_calls,
    tokens_per_call,
    total_usage,
)
from agenteval.engine.catalog.configured_models import effective_model_configs
from agenteval.store.usage import (
    UsageGroup,
    measured_per_call,
    usage_groups,
    usage_groups_by,
)


def load_price_table(setting: str | None) -> dict[str, ModelPrice]:
    """The price table the setting gives (empty when unset); ValueError when it is wrong."""
    if not setting or not setting.strip():
        return {}
    return dict(_parse_cached(setting.strip()))


def check_price_setting(setting: str | None) -> None:
    """Stop the start (SystemExit) on a wrong price table, rather than fail its first query."""
    try:
        load_price_table(setting)
    except ValueError as exc:
        raise SystemExit(f"AGENTEVAL_MODEL_PRICES: {exc}") from None


@functools.lru_cache(maxsize=4)
def _parse_cached(setting: str) -> tuple[tuple[str, ModelPrice], ...]:
    text = setting
    if not setting.startswith("{"):
        try:
            text = Path(setting).read_text(encoding="utf-8")
        except OSError as exc:
            raise ValueError(f"cannot read the model price file {setting!r}: {exc}") from None
    return tuple(parse_price_table(text).items())


def totals_of(groups: Sequence[UsageGroup], prices_setting: str | None) -> UsageTotals:
    """Calls, tokens and estimated cost of stored usage groups."""
    rows = [ModelTokens(g.role, g.model, g.calls, g.prompt_tokens, g.completion_tokens, g.cached)
            for g in groups]
    return total_usage(rows, load_price_table(prices_setting))


async def usage_groups_of_runs(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, list[UsageGroup]]:
    """Many runs' usage in one query (the API's loader)."""
    return await usage_groups_by("run_id", ids)


async def usage_groups_of_evals(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, list[UsageGroup]]:
    """Many evals' usage in one query (the API's loader)."""
    return await usage_groups_by("eval_id", ids)


async def usage_of(*, run_id: uuid.UUID | None = None, eval_id: uuid.UUID | None = None,
                   prices_setting: str | None = None) -> UsageTotals:
    """The run's (or eval's) calls, tokens and estimated cost as stored now."""
    return totals_of(await usage_groups(run_id=run_id, eval_id=eval_id), prices_setting)


async def cost_estimate(plan: dict[str, Any] | None, prices_setting: str | None
                        ) -> UsageTotals | None:
    """What the built-in driver's models will use for `plan` (None without a plan).

    Calls per role come from the plan (sessions × turns budget); tokens per call are
    measured from the model's stored calls, else configured in the price table, else
    defaults. Roles without a model configured are scripted: they cost nothing.
    """
    if not plan:
        return None
    calls = planned_calls(plan)
    models = {config.role: config.model for config in await effective_model_configs()
              if config.role in calls}
    prices = load_price_table(prices_setting)
    per_call: dict[str, PerCall] = {}
    for role, model in models.items():
        measured = await measured_per_call(model)
        per_call[role] = tokens_per_call(
            model, PerCall(*measured) if measured is not None else None, prices)
    return total_usage(estimate_rows(calls, models, per_call), prices)
