"""The reliability settings every network channel accepts, and the retry helpers for
channels that do not speak HTTP through `ChannelContext.exchange` (the websocket one,
plugins): the same policy, the same final error.

An HTTP channel calls `context.exchange(...)` (channels/context.py), which is the retry
loop, the attempt and the error classification in one place; `http_exchange` is that
method's single attempt, kept for plugins written against it.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TypeVar

from agenteval.channels.base import ChannelError
from agenteval.channels.context import exchange_once, gave_up
from agenteval.net.http_attempt import HttpAnswer
from agenteval.net.retry import RetryPolicy, retrying

T = TypeVar("T")
__all__ = ["HttpAnswer", "call_with_retries", "http_exchange", "reliability_properties",
           "retry_policy"]

http_exchange = exchange_once


def retry_policy(config: dict) -> RetryPolicy:
    """A channel's retry policy from its target config: `retries` extra attempts after the
    first, the first pause `backoff_s` (see `reliability_properties`)."""
    return _policy(int(config.get("retries", 2)) + 1, float(config.get("backoff_s", 0.5)))


@functools.lru_cache(maxsize=64)
def _policy(attempts: int, backoff_s: float) -> RetryPolicy:
    # Frozen, so shared: a run's targets have the same few settings.
    return RetryPolicy(attempts=attempts, backoff_s=backoff_s)


async def call_with_retries(policy: RetryPolicy, attempt: Callable[[], Awaitable[T]]) -> T:
    """Run `attempt` until it succeeds, fails permanently, or retries run out."""
    return await retrying(policy, lambda _number: attempt(), failure=ChannelError,
                          give_up=gave_up)


def reliability_properties(default_timeout_s: float = 30,
                           default_retry_on_timeout: bool | None = None) -> dict[str, dict]:
    """The config fields every network channel accepts (JSON Schema properties); with
    `default_retry_on_timeout`, also `retry_on_timeout` (for channels that pass it on to
    `ChannelContext.exchange`)."""
    fields = _timing_properties(default_timeout_s)
    if default_retry_on_timeout is not None:
        fields["retry_on_timeout"] = _retry_on_timeout_property(default_retry_on_timeout)
    return fields


def _retry_on_timeout_property(default: bool) -> dict:
    return {
        "type": "boolean",
        "default": default,
        "title": "Retry after a timeout",
        "description": "Whether a timed-out attempt (or an HTTP 504) is retried. Off for "
                       "single-slot servers such as a local model: the timed-out request "
                       "is still running there, and a retry only lengthens its queue.",
        "x-i18n": {"zh": {"title": "超时后重试",
                          "description": "超时（或 HTTP 504）后是否重试。单并发的服务（如本地"
                                         "模型）应关闭：超时的请求仍在生成，重试只会加长队列。"}},
    }


MAX_TIMEOUT_S = 600  # one attempt's reply: ten minutes
MAX_BACKOFF_S = 60


def _timing_properties(default_timeout_s: float) -> dict[str, dict]:
    return {
        "timeout_s": {
            "type": "number",
            "exclusiveMinimum": 0,
            # A bound, so that a probe or a case cannot wait for ever (1e308 was accepted).
            "maximum": MAX_TIMEOUT_S,
            "default": default_timeout_s,
            "description": "Seconds to wait for one attempt's reply.",
        },
        "retries": {
            "type": "integer",
            "minimum": 0,
            "maximum": 10,
            "default": 2,
            "description": "Extra attempts after a connection error, 429, 5xx or a timeout "
                           "(a timeout only where retry_on_timeout allows it).",
        },
        "backoff_s": {
            "type": "number",
            "minimum": 0,
            "maximum": MAX_BACKOFF_S,
            "default": 0.5,
            "description": "First retry delay; doubles each retry, with jitter. Retry-After wins.",
        },
    }
