"""Intervals, the drop test and the false-alert rate on a stable synthetic stream."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from agenteval.domain.monitoring.trends import (
    Rate,
    alert_gate,
    decide_drop,
    fisher_drop_p,
    two_proportion_drop_p,
    window_start,
)


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = Rate(81, 263).wilson()  # Wilson (1927) example as tabulated by Newcombe
    assert low == pytest.approx(0.2553, abs=1e-4) and high == pytest.approx(0.3662, abs=1e-4)
    assert Rate(0, 10).wilson()[0] == 0.0 and Rate(0, 0).wilson() is None


def test_fisher_matches_a_known_table() -> None:
    # Lady tasting tea: 4 of 4 right (one-sided p = 1/70), written as a drop.
    assert fisher_drop_p(before=Rate(4, 4), now=Rate(0, 4)) == pytest.approx(1 / 70)


def test_two_proportion_agrees_with_fisher_on_large_counts() -> None:
    before, now = Rate(800, 1000), Rate(740, 1000)
    assert two_proportion_drop_p(before, now) == pytest.approx(fisher_drop_p(before, now),
                                                               rel=0.35)
    assert two_proportion_drop_p(before, now) < 0.001


def test_a_real_drop_alerts_and_small_or_slight_ones_do_not() -> None:
    assert decide_drop(Rate(90, 100), Rate(60, 100)).alert
    assert not decide_drop(Rate(9, 10), Rate(2, 10)).alert  # under the minimum count
    assert not decide_drop(Rate(90, 100), Rate(85, 100)).alert  # under the minimum drop


def test_false_alert_rate_on_a_stable_stream_is_under_one_per_thousand_windows() -> None:
    rng = random.Random(37)
    alerts, windows = 0, 5000
    before = Rate(sum(rng.random() < 0.85 for _ in range(120)), 120)
    for _ in range(windows):
        size = rng.randint(40, 200)
        now = Rate(sum(rng.random() < 0.85 for _ in range(size)), size)
        alerts += decide_drop(before, now).alert
        before = now
    print(f"{alerts} false alerts in {windows} stable windows")
    assert alerts / windows <= 1 / 1000


def test_one_alert_per_window_and_a_cooldown() -> None:
    now = datetime(2026, 12, 6, 10, 0, 30, tzinfo=UTC)
    window = window_start(now, 60)
    assert window == datetime(2026, 12, 6, 10, 0, tzinfo=UTC)
    assert alert_gate(window, None, None, now, 300)
    assert not alert_gate(window, now, window, now + timedelta(seconds=10), 0)
    later = window + timedelta(minutes=1)
    assert not alert_gate(later, now, window, now + timedelta(minutes=1), 300)
    assert alert_gate(later + timedelta(minutes=5), now, window, now + timedelta(minutes=6), 300)
