"""Prices, usage totals and the estimate before approval (pure)."""

from __future__ import annotations

import pytest

from agenteval.domain.model_costs import (
    DEFAULT_COMPLETION_TOKENS_PER_CALL,
    ModelTokens,
    PerCall,
    estimate_rows,
    parse_price_table,
    planned_calls,
    tokens_per_call,
    total_usage,
)

PRICES = parse_price_table('{"judge": {"prompt": 2, "completion": 8, "currency": "CNY"},'
                           ' "cheap": {"prompt": 0.5, "completion": 1, "currency": "CNY",'
                           ' "promptTokensPerCall": 300}, "usd": {"prompt": 1, "completion": 1}}')


def test_the_price_table_defaults_to_usd_and_keeps_tokens_per_call() -> None:
    assert PRICES["usd"].currency == "USD"
    assert PRICES["cheap"].prompt_tokens_per_call == 300
    assert PRICES["cheap"].completion_tokens_per_call is None


@pytest.mark.parametrize("text, message", [
    ("[1]", "JSON object"), ("{", "not JSON"),
    ('{"m": {"completion": 1}}', "'m': prompt"),
    ('{"m": {"prompt": -1, "completion": 1}}', "'m': prompt"),
    ('{"m": {"prompt": 1, "completion": 1, "currency": ""}}', "currency"),
])
def test_a_wrong_price_table_names_the_entry(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_price_table(text)


def test_cost_is_per_million_tokens_and_cache_hits_are_counted_apart() -> None:
    totals = total_usage([ModelTokens("JUDGE", "judge", 3, 1_000_000, 250_000),
                          ModelTokens("EMBEDDING", "cheap", 2, 200_000, 0),
                          ModelTokens("JUDGE", "judge", 5, 40, 10, cached=True)], PRICES)
    assert (totals.model_calls, totals.prompt_tokens, totals.completion_tokens) == (
        5, 1_200_000, 250_000)
    assert totals.estimated_cost == pytest.approx(2 + 2 + 0.1)
    assert totals.currency == "CNY"
    assert (totals.cached_calls, totals.cached_tokens) == (5, 50)


def test_an_unpriced_model_or_two_currencies_leave_the_cost_unknown() -> None:
    assert total_usage([ModelTokens("JUDGE", "other", 1, 10, 1)], PRICES).estimated_cost is None
    mixed = total_usage([ModelTokens("JUDGE", "judge", 1, 10, 1),
                         ModelTokens("JUDGE", "usd", 1, 10, 1)], PRICES)
    assert (mixed.estimated_cost, mixed.currency) == (None, None)


def test_no_tokens_cost_nothing() -> None:
    assert total_usage([], PRICES).estimated_cost == 0.0


def test_the_plan_gives_one_simulator_call_per_turn_and_one_analyst_call_per_session() -> None:
    plan = {"estimatedSessions": 4, "budget": {"maxTurnsPerSession": 6, "totalMaxTurns": 20}}
    assert planned_calls(plan) == {"SIMULATOR": 20, "ANALYST": 5}
    assert planned_calls({"estimatedSessions": 2, "budget": {"maxTurnsPerSession": 3}}) == {
        "SIMULATOR": 6, "ANALYST": 3}


def test_tokens_per_call_are_measured_then_configured_then_defaults() -> None:
    assert tokens_per_call("judge", PerCall(12, 3), PRICES) == PerCall(12, 3)
    assert tokens_per_call("cheap", None, PRICES) == PerCall(
        300, DEFAULT_COMPLETION_TOKENS_PER_CALL)


def test_the_estimate_covers_only_roles_with_a_model() -> None:
    rows = estimate_rows({"SIMULATOR": 10, "ANALYST": 3}, {"SIMULATOR": "judge"},
                         {"SIMULATOR": PerCall(500, 50)})
    assert rows == [ModelTokens("SIMULATOR", "judge", 10, 5000, 500)]
    assert total_usage(rows, PRICES).estimated_cost == pytest.approx((5000 * 2 + 500 * 8) / 1e6)
