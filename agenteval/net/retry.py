"""The one retry loop of every outbound client, its policy, and error excerpts.

Transient failures back off exponentially with "equal jitter" (at least half the
backoff, so clients that failed together spread out); a server's Retry-After
wins over the backoff, capped by the policy. The channels, the model client
and the OpenClaw driver all retry through `retrying`.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import TypeVar

EXCERPT_CHARS = 200

T = TypeVar("T")


class TransientFailure(Exception):
    """A failure `retrying` may retry: when `retryable`, after `retry_after` seconds if the
    server asked for a pause (Retry-After), else after the policy's backoff."""

    retry_after: float | None = None

    @property
    def retryable(self) -> bool:
        """Whether another attempt may succeed; subclasses classify their failures."""
        return True


Failure = TypeVar("Failure", bound=TransientFailure)


@dataclass(frozen=True)
class RetryPolicy:
    """At most `attempts` calls; retry n (0-based) waits `backoff_s · 2^n`, at most
    `max_backoff_s` (jittered unless `jitter` is off), or what Retry-After asks for,
    at most `max_retry_after_s`."""

    attempts: int = 3
    backoff_s: float = 0.5
    max_backoff_s: float = 8.0
    max_retry_after_s: float = 30.0
    jitter: bool = True

    def delay(self, retry_number: int, retry_after: float | None = None) -> float:
        """Seconds to wait before retry `retry_number` (0-based)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_retry_after_s)
        if self.jitter:
            return backoff_delay(retry_number, self.backoff_s, self.max_backoff_s)
        return min(self.max_backoff_s, self.backoff_s * 2.0**retry_number)


def _same_error(error: Failure, attempts: int) -> Exception:
    return error


def _quiet(error: Failure, attempt: int, delay_s: float) -> None:
    return None


async def retrying(policy: RetryPolicy, attempt: Callable[[int], Awaitable[T]], *,
                   failure: type[Failure],
                   give_up: Callable[[Failure, int], Exception] = _same_error,
                   on_retry: Callable[[Failure, int, float], None] = _quiet) -> T:
    """`await attempt(n)` for n = 1, 2, … until it returns or fails for good.

    Only `failure` exceptions are retried, and only while `retryable` and
    attempts remain; anything else propagates at once. A final `failure` is
    replaced by `give_up(error, attempts made)` (the error itself by default).
    `on_retry(error, attempt, delay_s)` is told before each pause (for logging).
    """
    for number in range(1, policy.attempts + 1):
        try:
            return await attempt(number)
        except failure as error:
            if not error.retryable or number >= policy.attempts:
                final = give_up(error, number)
                if final is error:
                    raise
                raise final from error
            delay_s = policy.delay(number - 1, error.retry_after)
            on_retry(error, number, delay_s)
            await asyncio.sleep(delay_s)
    raise ValueError(f"a retry policy needs at least one attempt, not {policy.attempts}")


def backoff_delay(retry_number: int, base_s: float, max_s: float) -> float:
    """Seconds before retry `retry_number` (0-based): jittered `base_s · 2^n`, at most `max_s`."""
    ceiling = min(max_s, base_s * 2.0**retry_number)
    return ceiling / 2 + random.uniform(0, ceiling / 2)


def parse_retry_after(value: str | None) -> float | None:
    """Retry-After as seconds (delta-seconds or an HTTP date); None when absent or garbled."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def excerpt(text: str | bytes | None, limit: int = EXCERPT_CHARS) -> str:
    """A short single-line excerpt of what a server sent back, for error messages."""
    if text is None:
        return ""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit] + "…"
