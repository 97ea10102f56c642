"""One HTTP attempt inside a concurrency slot, and whether a failed one may be retried.

Shared by the channels (targets) and the model client, so both classify a
failure the same way. Whether to retry a timeout is a choice per target and
per model (`retry_on_timeout`): against a busy single-slot server (a local
llama.cpp, Ollama, vLLM with one sequence) the timed-out request is still
being generated, and a retry only lengthens the server's queue. Failures
where the request cannot still be running (connection refused, 429, 502,
503) are always retryable.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from agenteval.net.limiter import ConcurrencyLimiter
from agenteval.net.retry import TransientFailure, excerpt, parse_retry_after

if TYPE_CHECKING:  # imported where a request is made: a gate against the demo bot never
    import aiohttp  # makes one, and aiohttp's import (SSL contexts, CA store) is ~0.1 s

AttemptKind = Literal["timeout", "connection", "http_status", "bad_response"]

# The most of a response body read (targets and models alike): read in chunks and
# refused past it, never read whole and then cut (a 300 MB reply added 289 MB to the
# process). A stored reply is at most AGENTEVAL_MAX_REPLY_CHARS characters anyway.
MAX_RESPONSE_BYTES = 16 * 2**20


class _TooLarge(Exception):
    pass


async def _read_capped(response: aiohttp.ClientResponse, limit: int) -> bytes:
    if response.content_length is not None:
        if response.content_length > limit:
            raise _TooLarge
        if "Content-Encoding" not in response.headers:
            # Declared, within the cap and read as sent (a compressed body may inflate
            # past it: counted chunk by chunk below): one read, not the chunk iterator's,
            # on a target's usual answer. aiohttp stops at the declared length.
            return await response.content.read()
    chunks, size = [], 0
    async for chunk in response.content.iter_chunked(2**16):
        size += len(chunk)
        if size > limit:
            raise _TooLarge
        chunks.append(chunk)
    return b"".join(chunks)

# A 504 is a gateway's timeout: the server behind it may still be working on the
# request, so like a timeout it is retried only with `retry_on_timeout`.
STILL_RUNNING_STATUSES = frozenset({504})


def retryable(kind: str, status: int | None, retry_on_timeout: bool) -> bool:
    """Whether another attempt may succeed without piling work onto a busy server."""
    if kind == "timeout":
        return retry_on_timeout
    if kind == "connection":
        return True
    if kind == "http_status" and status is not None:
        if status in STILL_RUNNING_STATUSES:
            return retry_on_timeout
        return status == 429 or status >= 500
    return False


class AttemptFailed(TransientFailure):
    """One failed attempt: `summary` ("HTTP 500", "no reply within 30 s") and `detail`."""

    def __init__(self, kind: AttemptKind, summary: str, detail: str = "",
                 status: int | None = None, retry_after: float | None = None,
                 retry_on_timeout: bool = False) -> None:
        super().__init__(f"{summary}: {detail}" if detail else summary)
        self.kind: AttemptKind = kind
        self.summary = summary
        self.detail = detail
        self.status = status
        self.retry_after = retry_after
        self.retry_on_timeout = retry_on_timeout

    @property
    def retryable(self) -> bool:
        return retryable(self.kind, self.status, self.retry_on_timeout)


@dataclass(frozen=True)
class HttpAnswer:
    status: int
    body: str
    latency_ms: int


async def http_attempt(
    session: aiohttp.ClientSession,
    limiter: ConcurrencyLimiter,
    *,
    method: str,
    url: str,
    timeout_s: float,
    headers: dict[str, str] | None = None,
    json_body: Any = None,
    params: dict[str, str] | None = None,
    retry_on_timeout: bool = False,
) -> HttpAnswer:
    """One request holding one slot of `limiter`; a non-2xx answer raises AttemptFailed.

    The timeout counts from the moment the slot is held, so waiting behind other
    requests for a single-slot server ("queued on the target") is not a timeout.
    """
    import aiohttp  # already imported by whoever made `session`

    async with limiter.slot():
        started = time.perf_counter()
        try:
            async with asyncio.timeout(timeout_s):
                async with session.request(method, url, json=json_body, headers=headers,
                                           params=params) as response:
                    raw = await _read_capped(response, MAX_RESPONSE_BYTES)
                    status = response.status
                    retry_after = response.headers.get("Retry-After")
        except _TooLarge:
            raise AttemptFailed("bad_response", f"the response is larger than "
                                f"{MAX_RESPONSE_BYTES // 2**20} MiB; it was not read further",
                                retry_on_timeout=retry_on_timeout) from None
        except TimeoutError:
            raise AttemptFailed("timeout", f"no reply within {timeout_s:g} s",
                                retry_on_timeout=retry_on_timeout) from None
        except (aiohttp.ClientError, OSError, ValueError) as exc:
            # ValueError: what aiohttp raises for URLs or headers it cannot send.
            detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            raise AttemptFailed("connection", "connection failed", detail,
                                retry_on_timeout=retry_on_timeout) from exc
        latency_ms = round((time.perf_counter() - started) * 1000)
    body = raw.decode("utf-8", errors="replace")
    if status >= 300:
        raise AttemptFailed("http_status", f"HTTP {status}", excerpt(body) or "(empty body)",
                            status,
                            parse_retry_after(retry_after) if status == 429 or status >= 500
                            else None,
                            retry_on_timeout=retry_on_timeout)
    return HttpAnswer(status, body, latency_ms)
