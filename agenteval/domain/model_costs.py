"""What model calls cost: the price table, usage totals and the estimate made before approval.

Pure: the caller reads the price table's text (a setting or a file) and the stored
usage; everything here is numbers in, numbers out.

Price table (`AGENTEVAL_MODEL_PRICES`), per configured model name, prices per
million tokens::

    {"gpt-4o-mini": {"prompt": 0.15, "completion": 0.6, "currency": "USD"},
     "qwen-plus": {"prompt": 0.8, "completion": 2, "currency": "CNY",
                   "promptTokensPerCall": 900, "completionTokensPerCall": 150}}

The optional `…TokensPerCall` values are what the cost estimate assumes for that
model until calls have been measured.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

DEFAULT_CURRENCY = "USD"
# What one call is assumed to use when neither measured nor configured (a chat turn
# with a persona prompt and a short JSON answer).
DEFAULT_PROMPT_TOKENS_PER_CALL = 1000
DEFAULT_COMPLETION_TOKENS_PER_CALL = 200


@dataclass(frozen=True)
class ModelPrice:
    """Prices per million tokens, and the tokens one call is assumed to use."""

    prompt: float
    completion: float
    currency: str = DEFAULT_CURRENCY
    prompt_tokens_per_call: int | None = None
    completion_tokens_per_call: int | None = None


PriceTable = Mapping[str, ModelPrice]


def parse_price_table(text: str) -> dict[str, ModelPrice]:
    """The table from its JSON text; ValueError naming the entry that is wrong."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the model price table is not JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise ValueError("the model price table must be a JSON object keyed by model name")
    return {str(model): _price(str(model), entry) for model, entry in raw.items()}


def _price(model: str, entry: Any) -> ModelPrice:
    if not isinstance(entry, dict):
        raise ValueError(f"model price {model!r}: expected an object")

    def number(key: str, required: bool) -> float | None:
        value = entry.get(key)
        if value is None and not required:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise ValueError(f"model price {model!r}: {key} must be a number ≥ 0")
        return float(value)

    currency = entry.get("currency", DEFAULT_CURRENCY)
    if not isinstance(currency, str) or not currency.strip():
        raise ValueError(f"model price {model!r}: currency must be a non-empty string")
    prompt_per_call = number("promptTokensPerCall", False)
    completion_per_call = number("completionTokensPerCall", False)
    return ModelPrice(
        prompt=number("prompt", True) or 0.0, completion=number("completion", True) or 0.0,
        currency=currency.strip(),
        prompt_tokens_per_call=None if prompt_per_call is None else int(prompt_per_call),
        completion_tokens_per_call=(None if completion_per_call is None
                                    else int(completion_per_call)))


@dataclass(frozen=True)
class ModelTokens:
    """Calls and tokens of one (role, model): made, or answered from the cache (saved)."""

    role: str
    model: str
    calls: int
    prompt_tokens: int
    completion_tokens: int
    cached: bool = False


@dataclass(frozen=True)
class UsageTotals:
    """What the contract's `Usage` shows, plus what the response cache saved."""

    model_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    estimated_cost: float | None = None
    currency: str | None = None
    cached_calls: int = 0
    cached_tokens: int = 0


def total_usage(rows: Iterable[ModelTokens], prices: PriceTable) -> UsageTotals:
    """Sum the rows; the cost when every model that used tokens has a price in one currency.

    A partial sum would understate the bill, so a model without a price (or two
    currencies) leaves `estimated_cost` None. No tokens at all cost 0.
    """
    made = [row for row in rows if not row.cached]
    saved = [row for row in rows if row.cached]  # rows is iterated twice: a list is passed
    cost, currency = _cost(made, prices)
    return UsageTotals(
        model_calls=sum(row.calls for row in made),
        prompt_tokens=sum(row.prompt_tokens for row in made),
        completion_tokens=sum(row.completion_tokens for row in made),
        estimated_cost=cost, currency=currency,
        cached_calls=sum(row.calls for row in saved),
        cached_tokens=sum(row.prompt_tokens + row.completion_tokens for row in saved))


def _cost(rows: list[ModelTokens], prices: PriceTable) -> tuple[float | None, str | None]:
    used = [row for row in rows if row.prompt_tokens or row.completion_tokens]
    if not used:
        return 0.0, None
    if any(row.model not in prices for row in used):
        return None, None
    currencies = {prices[row.model].currency for row in used}
    if len(currencies) > 1:
        return None, None
    cost = sum(row.prompt_tokens * prices[row.model].prompt
               + row.completion_tokens * prices[row.model].completion for row in used)
    return round(cost / 1_000_000, 10), currencies.pop()  # rounding hides float noise only


@dataclass(frozen=True)
class PerCall:
    """Average tokens of one call of a model (measured from stored usage), if any were made."""

    prompt_tokens: float
    completion_tokens: float


def tokens_per_call(model: str, measured: PerCall | None, prices: PriceTable) -> PerCall:
    """Measured first, then the price table's configured values, then the defaults."""
    if measured is not None:
        return measured
    price = prices.get(model)
    prompt = price.prompt_tokens_per_call if price else None
    completion = price.completion_tokens_per_call if price else None
    return PerCall(
        float(DEFAULT_PROMPT_TOKENS_PER_CALL if prompt is None else prompt),
        float(DEFAULT_COMPLETION_TOKENS_PER_CALL if completion is None else completion))


def planned_calls(plan: Mapping[str, Any]) -> dict[str, int]:
    """Model calls the built-in driver makes for `plan`, per role.

    SIMULATOR: one per user turn (sessions × maxTurnsPerSession, capped by
    totalMaxTurns); ANALYST (the eval's judge): one verdict per session and the report.
    """
    sessions = _positive_int(plan.get("estimatedSessions"))
    raw_budget = plan.get("budget")
    budget: Mapping[str, Any] = raw_budget if isinstance(raw_budget, dict) else {}
    turns = sessions * _positive_int(budget.get("maxTurnsPerSession"))
    total_max = budget.get("totalMaxTurns")
    if isinstance(total_max, int) and not isinstance(total_max, bool) and total_max > 0:
        turns = min(turns, total_max)
    return {"SIMULATOR": turns, "ANALYST": sessions + 1 if sessions else 0}


def _positive_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return 0
    return value


def estimate_rows(calls: Mapping[str, int], models: Mapping[str, str],
                  per_call: Mapping[str, PerCall]) -> list[ModelTokens]:
    """Estimated rows for roles that have a model: calls × tokens per call of that model."""
    rows = []
    for role, count in calls.items():
        model = models.get(role)
        if model is None or count <= 0:
            continue
        average = per_call[role]
        rows.append(ModelTokens(role, model, count, round(count * average.prompt_tokens),
                                round(count * average.completion_tokens)))
    return rows
