"""Retry timing and error excerpts shared by every outbound HTTP client.

Transient failures back off exponentially with "equal jitter" (at least half the
backoff, so clients that failed together spread out); a server's Retry-After
wins over the backoff, capped by the caller.
"""

from __future__ import annotations

import random
import time
from email.utils import parsedate_to_datetime

EXCERPT_CHARS = 200


def backoff_delay(retry_number: int, base_s: float, max_s: float) -> float:
    """Seconds before retry `retry_number` (0-based): jittered `base_s · 2^n`, at most `max_s`."""
    ceiling = min(max_s, base_s * 2**retry_number)
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
