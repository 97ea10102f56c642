"""Timeouts, retries with backoff and error classification shared by network channels."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import aiohttp

from agenteval.channels.base import ChannelError
from agenteval.net.limiter import ConcurrencyLimiter
from agenteval.net.retry import RetryPolicy, excerpt, parse_retry_after, retrying

T = TypeVar("T")


def retry_policy(config: dict) -> RetryPolicy:
    """A channel's retry policy from its target config: `retries` extra attempts after the
    first, the first pause `backoff_s` (see `reliability_properties`)."""
    return RetryPolicy(attempts=int(config.get("retries", 2)) + 1,
                       backoff_s=float(config.get("backoff_s", 0.5)))


async def call_with_retries(policy: RetryPolicy, attempt: Callable[[], Awaitable[T]]) -> T:
    """Run `attempt` until it succeeds, fails permanently, or retries run out."""
    return await retrying(policy, lambda _number: attempt(), failure=ChannelError,
                          give_up=_gave_up)


def _gave_up(error: ChannelError, attempts: int) -> ChannelError:
    """The final error; after a retry it says how many attempts were made."""
    if attempts == 1:
        return error
    return ChannelError(error.kind, f"{error.message} (after {attempts} attempts)", error.status)


@dataclass(frozen=True)
class HttpAnswer:
    status: int
    body: str
    latency_ms: int


async def http_exchange(
    session: aiohttp.ClientSession,
    limiter: ConcurrencyLimiter,
    *,
    method: str,
    url: str,
    timeout_s: float,
    headers: dict[str, str] | None = None,
    json_body: Any = None,
    params: dict[str, str] | None = None,
) -> HttpAnswer:
    """One HTTP attempt inside the target's limiter; non-2xx becomes ChannelError."""
    async with limiter.slot():
        started = time.perf_counter()
        try:
            async with asyncio.timeout(timeout_s):
                async with session.request(
                    method, url, json=json_body, headers=headers, params=params
                ) as response:
                    raw = await response.read()
                    status = response.status
                    retry_after = response.headers.get("Retry-After")
        except TimeoutError:
            raise ChannelError("timeout", f"no reply from {url} within {timeout_s:g} s") from None
        except (aiohttp.ClientError, OSError, ValueError) as exc:
            # ValueError: what aiohttp raises for URLs or headers it cannot send.
            detail = str(exc) or type(exc).__name__
            raise ChannelError("connection", f"cannot talk to {url}: {detail}") from exc
        latency_ms = round((time.perf_counter() - started) * 1000)
    body = raw.decode("utf-8", errors="replace")
    if status >= 300:
        raise ChannelError(
            "http_status",
            f"{url} answered HTTP {status}: {excerpt(body) or '(empty body)'}",
            status,
            parse_retry_after(retry_after) if status == 429 or status >= 500 else None,
        )
    return HttpAnswer(status, body, latency_ms)


def reliability_properties(default_timeout_s: float = 30) -> dict[str, dict]:
    """The config fields every network channel accepts (JSON Schema properties)."""
    return {
        "timeout_s": {
            "type": "number",
            "exclusiveMinimum": 0,
            "default": default_timeout_s,
            "description": "Seconds to wait for one attempt's reply.",
        },
        "retries": {
            "type": "integer",
            "minimum": 0,
            "maximum": 10,
            "default": 2,
            "description": "Extra attempts after a timeout, connection error, 429 or 5xx.",
        },
        "backoff_s": {
            "type": "number",
            "minimum": 0,
            "default": 0.5,
            "description": "First retry delay; doubles each retry, with jitter. Retry-After wins.",
        },
    }
