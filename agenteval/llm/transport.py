"""One JSON POST to a model endpoint: timeout, retries with backoff, Retry-After, concurrency.

Transient failures (connection errors, timeouts, 429, 5xx) are retried with
exponential backoff and "equal jitter"; a Retry-After header wins over the
backoff but is capped. Other 4xx answers are final. The endpoint's
concurrency slot is held for one attempt only, never while backing off.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

from agenteval.llm.config import ModelEndpoint
from agenteval.llm.errors import ModelCallError, ModelErrorKind
from agenteval.net.limiter import ConcurrencyLimiter
from agenteval.net.retry import RetryPolicy, TransientFailure, excerpt, parse_retry_after, retrying

logger = logging.getLogger(__name__)

MAX_BACKOFF_S = 8.0

# One limiter per (base URL, model) in the process, shared by every client of that endpoint.
_limiters: dict[tuple[str, str], ConcurrencyLimiter] = {}


def endpoint_limiter(endpoint: ModelEndpoint) -> ConcurrencyLimiter:
    """The process-wide limiter of `endpoint`, resized to its current max_concurrency."""
    key = (endpoint.url, endpoint.model)
    limiter = _limiters.get(key)
    if limiter is None:
        limiter = _limiters[key] = ConcurrencyLimiter(endpoint.max_concurrency)
    elif limiter.capacity != endpoint.max_concurrency:
        limiter.resize(endpoint.max_concurrency)
    return limiter


@dataclass(frozen=True)
class PostResult:
    body: dict[str, Any]
    attempts: int


class _AttemptFailed(TransientFailure):
    """One failed attempt: `summary` ("HTTP 500") and `detail` (what came back, or why)."""

    def __init__(self, kind: ModelErrorKind, summary: str, detail: str = "",
                 status: int | None = None, retry_after: float | None = None) -> None:
        super().__init__(f"{summary}: {detail}" if detail else summary)
        self.kind: ModelErrorKind = kind
        self.summary = summary
        self.detail = detail
        self.status = status
        self.retry_after = retry_after

    @property
    def retryable(self) -> bool:
        if self.kind in ("timeout", "connection"):
            return True
        return self.status is not None and (self.status == 429 or self.status >= 500)


async def post_json(
    session: aiohttp.ClientSession,
    endpoint: ModelEndpoint,
    path: str,
    body: dict[str, Any],
    *,
    on_attempt: Callable[[], None] = lambda: None,
) -> PostResult:
    """POST `body` to `endpoint.url + path`; the decoded JSON object, or ModelCallError."""
    url = endpoint.url + path
    headers = {"Content-Type": "application/json"}
    if endpoint.api_key:
        headers["Authorization"] = f"Bearer {endpoint.api_key}"
    limiter = endpoint_limiter(endpoint)
    policy = RetryPolicy(attempts=endpoint.retries + 1, backoff_s=endpoint.backoff_s,
                         max_backoff_s=MAX_BACKOFF_S,
                         max_retry_after_s=endpoint.max_retry_after_s)

    async def attempt(number: int) -> PostResult:
        on_attempt()
        async with limiter.slot():  # held for one attempt, never while backing off
            decoded = await _attempt(session, url, headers, body, endpoint.timeout_s)
        return PostResult(decoded, number)

    def log_retry(failure: _AttemptFailed, number: int, delay_s: float) -> None:
        logger.warning("%s%s: %s; retry %d in %.2f s", endpoint.describe, path,
                       failure, number, delay_s)

    return await retrying(policy, attempt, failure=_AttemptFailed,
                          give_up=lambda failure, number: _final_error(endpoint, failure, number),
                          on_retry=log_retry)


async def _attempt(session: aiohttp.ClientSession, url: str, headers: dict[str, str],
                   body: dict[str, Any], timeout_s: float) -> dict[str, Any]:
    try:
        async with asyncio.timeout(timeout_s):
            async with session.post(url, json=body, headers=headers) as response:
                raw = await response.read()
                status = response.status
                retry_after = response.headers.get("Retry-After")
    except TimeoutError:
        raise _AttemptFailed("timeout", f"no reply within {timeout_s:g} s") from None
    except (aiohttp.ClientError, OSError, ValueError) as exc:
        # ValueError: what aiohttp raises for URLs or headers it cannot send.
        reason = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        raise _AttemptFailed("connection", "connection failed", reason) from None
    text = raw.decode("utf-8", errors="replace")
    if status >= 300:
        raise _AttemptFailed("http_status", f"HTTP {status}", excerpt(text) or "(empty body)",
                             status, parse_retry_after(retry_after))
    try:
        decoded = json.loads(text)
    except json.JSONDecodeError:
        decoded = None
    if not isinstance(decoded, dict):
        raise _AttemptFailed("bad_response", "the answer is not a JSON object",
                             excerpt(text) or "(empty body)")
    return decoded


def _final_error(endpoint: ModelEndpoint, failure: _AttemptFailed, attempt: int) -> ModelCallError:
    """`JUDGE model m at http://…: HTTP 500 after 3 attempts: <excerpt>`."""
    after = f" after {attempt} attempts" if attempt > 1 else ""
    message = f"{endpoint.describe}: {failure.summary}{after}"
    if failure.detail:
        message += f": {failure.detail}"
    return ModelCallError(failure.kind, message, failure.status)
