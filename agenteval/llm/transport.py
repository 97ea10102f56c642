"""One JSON POST to a model endpoint: timeout, retries with backoff, Retry-After, concurrency.

Transient failures (connection errors, 429, 5xx; timeouts and 504 only with
the endpoint's `retry_on_timeout`) are retried with exponential backoff and
"equal jitter"; a Retry-After header wins over the backoff but is capped.
Other 4xx answers are final. The attempt itself is `net.http_attempt`, shared
with the channels; the endpoint's concurrency slot is held for one attempt
only, never while backing off.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agenteval.llm.config import ModelEndpoint
from agenteval.llm.errors import ModelCallError
from agenteval.net.http_attempt import AttemptFailed, http_attempt
from agenteval.net.limiter import ConcurrencyLimiter
from agenteval.net.retry import RetryPolicy, excerpt, retrying

if TYPE_CHECKING:
    import aiohttp

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


async def post_json(
    session: aiohttp.ClientSession,
    endpoint: ModelEndpoint,
    path: str,
    body: dict[str, Any],
    *,
    on_attempt: Callable[[], None] = lambda: None,
    attempts: int | None = None,
) -> PostResult:
    """POST `body` to `endpoint.url + path`; the decoded JSON object, or ModelCallError.

    `attempts` overrides the endpoint's retries (1: a probe whose refusal is an answer).
    """
    url = endpoint.url_for(path)
    headers = {"Content-Type": "application/json"}
    if endpoint.api_key:
        headers["Authorization"] = f"Bearer {endpoint.api_key}"
    limiter = endpoint_limiter(endpoint)
    policy = RetryPolicy(attempts=attempts or endpoint.retries + 1, backoff_s=endpoint.backoff_s,
                         max_backoff_s=MAX_BACKOFF_S,
                         max_retry_after_s=endpoint.max_retry_after_s)

    async def attempt(number: int) -> PostResult:
        on_attempt()
        answer = await http_attempt(session, limiter, method="POST", url=url,
                                    timeout_s=endpoint.timeout_s, headers=headers,
                                    json_body=body, retry_on_timeout=endpoint.retry_on_timeout)
        return PostResult(_decoded(endpoint, answer.body), number)

    def log_retry(failure: AttemptFailed, number: int, delay_s: float) -> None:
        logger.warning("%s%s: %s; retry %d in %.2f s", endpoint.describe, path,
                       failure, number, delay_s)

    return await retrying(policy, attempt, failure=AttemptFailed,
                          give_up=lambda failure, number: _final_error(endpoint, failure, number),
                          on_retry=log_retry)


def _decoded(endpoint: ModelEndpoint, text: str) -> dict[str, Any]:
    try:
        decoded = json.loads(text)
    except json.JSONDecodeError:
        decoded = None
    if not isinstance(decoded, dict):
        raise ModelCallError("bad_response", endpoint.masked(
            f"{endpoint.describe}: the answer is not a JSON object: "
            f"{excerpt(text) or '(empty body)'}"))
    return decoded


def _final_error(endpoint: ModelEndpoint, failure: AttemptFailed, attempt: int
                 ) -> ModelCallError:
    """`JUDGE model m at http://…: HTTP 500 after 3 attempts: <excerpt>`."""
    after = f" after {attempt} attempts" if attempt > 1 else ""
    message = f"{endpoint.describe}: {failure.summary}{after}"
    if failure.detail:
        message += f": {failure.detail}"
    # The body an endpoint sends with an error may echo the request: its key, its URL.
    return ModelCallError(failure.kind, endpoint.masked(message), failure.status)
