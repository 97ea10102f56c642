"""Windowed rates, their intervals and the test that decides a drop (pure).

A window's rate (pass rate, a rule's hit rate) gets a Wilson score interval. A drop from
the previous window is tested as two independent samples, one-sided: a two-proportion
z-test when every cell has at least `FISHER_BELOW` expected counts, else Fisher's exact
test (the hypergeometric tail, exact for small counts). A drop alerts only when both
windows have `min_count` conversations, the fall is at least `min_drop` and p < alpha —
and the caller keeps one alert per monitor per window with a cooldown (alert_gate).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

Z95 = 1.959963984540054
FISHER_BELOW = 5


@dataclass(frozen=True)
class Rate:
    successes: int
    total: int

    @property
    def value(self) -> float | None:
        return self.successes / self.total if self.total else None

    def wilson(self, z: float = Z95) -> tuple[float, float] | None:
        """The Wilson score interval (None for an empty window)."""
        n = self.total
        if n == 0:
            return None
        p = self.successes / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - margin), min(1.0, centre + margin)


def _normal_sf(z: float) -> float:
    return 0.5 * math.erfc(z / math.sqrt(2))


def two_proportion_drop_p(before: Rate, now: Rate) -> float:
    """One-sided p of "now's rate is lower than before's" (pooled z-test)."""
    pooled = (before.successes + now.successes) / (before.total + now.total)
    se = math.sqrt(pooled * (1 - pooled) * (1 / before.total + 1 / now.total))
    if se == 0:
        return 1.0
    z = ((before.successes / before.total) - (now.successes / now.total)) / se
    return _normal_sf(z)


def fisher_drop_p(before: Rate, now: Rate) -> float:
    """One-sided Fisher exact p: P(now's successes ≤ observed) given the margins."""
    a, b = now.successes, now.total - now.successes
    c, d = before.successes, before.total - before.successes
    row, col, total = a + b, a + c, a + b + c + d

    def log_comb(n: int, k: int) -> float:
        return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)

    denominator = log_comb(total, col)
    low = max(0, col - (c + d))
    return min(1.0, sum(math.exp(log_comb(row, x) + log_comb(total - row, col - x) - denominator)
                        for x in range(low, a + 1)))


def drop_p(before: Rate, now: Rate) -> float:
    successes = before.successes + now.successes
    failures = before.total + now.total - successes
    smallest = min(successes, failures) * min(before.total, now.total) / (before.total + now.total)
    if smallest < FISHER_BELOW:
        return fisher_drop_p(before, now)
    return two_proportion_drop_p(before, now)


@dataclass(frozen=True)
class DropDecision:
    alert: bool
    p_value: float | None
    reason: str


def decide_drop(before: Rate, now: Rate, *, min_count: int = 30, min_drop: float = 0.1,
                alpha: float = 0.0001) -> DropDecision:
    if before.total < min_count or now.total < min_count:
        return DropDecision(False, None, f"fewer than {min_count} conversations in a window")
    assert before.value is not None and now.value is not None
    if before.value - now.value < min_drop:
        return DropDecision(False, None, f"fell by less than {min_drop:.0%}")
    p = drop_p(before, now)
    return DropDecision(p < alpha, p, "significant" if p < alpha else "not significant")


def window_start(now: datetime, length_s: float) -> datetime:
    """The start of the window `now` falls in (windows aligned on the epoch)."""
    seconds = now.timestamp()
    return datetime.fromtimestamp(seconds - seconds % length_s, now.tzinfo)


def alert_gate(window: datetime, last_alert_at: datetime | None, last_alert_window:
               datetime | None, now: datetime, cooldown_s: float) -> bool:
    """At most one drop alert per window, and none within the cooldown of the last."""
    if last_alert_window is not None and last_alert_window >= window:
        return False
    return last_alert_at is None or now - last_alert_at >= timedelta(seconds=cooldown_s)
