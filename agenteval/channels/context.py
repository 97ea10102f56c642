"""What the factory hands to every channel it opens, and the one HTTP exchange they share.

`ChannelContext.exchange` is the single layer between a channel's `send` and aiohttp:
the target's retry policy around one attempt (`net.http_attempt`: a concurrency slot,
the timeout, the 16 MiB response cap), a failure classified as a `ChannelError` that
says which URL failed and how, and the caller's decoding of the answer inside the
retried attempt (so a reply that only decodes badly after a retry still says how many
attempts were made). Before, the same path ran through `call_with_retries`, a closure,
`http_exchange` and `http_attempt`; one method keeps the behaviour and drops the hops
a 2,000-case gate paid per case.

The factory builds one per channel it opens (with a private copy of the config); they
all share the factory's `SharedSession`, which lives here, with the exchange that uses it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from agenteval.channels.base import ChannelError, TargetSpec
from agenteval.net.http_attempt import AttemptFailed, HttpAnswer, http_attempt
from agenteval.net.limiter import ConcurrencyLimiter
from agenteval.net.retry import RetryPolicy, retrying

if TYPE_CHECKING:
    import aiohttp

T = TypeVar("T")

DEFAULT_POLICY = RetryPolicy(attempts=3, backoff_s=0.5)  # the schema defaults: 2 retries


class SharedSession:
    """The one aiohttp session of every channel a factory opens, made on first use."""

    def __init__(self, trust_env: bool = False) -> None:
        # trust_env=True honours HTTP(S)_PROXY and .netrc, at the price of a thread hop per
        # request in aiohttp (≈4× the per-send cost), so it is opt-in.
        self._trust_env = trust_env
        self._session: aiohttp.ClientSession | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def get(self) -> aiohttp.ClientSession:
        """The session (call it on the event loop that will use it)."""
        loop = asyncio.get_running_loop()
        if self._session is None or self._session.closed or self._loop is not loop:
            import aiohttp  # imported with the first HTTP session (never for the demo bot)

            # A session is bound to the loop it was made in; a new loop needs a new one.
            # Concurrency is bounded per target by our limiters, not by the connector, and
            # time by each channel's own timeout_s around every exchange: aiohttp's default
            # 5-minute timeout would only add a second timer to every request.
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=0), trust_env=self._trust_env,
                timeout=aiohttp.ClientTimeout(total=None),
            )
            self._loop = loop
        return self._session

    async def aclose(self) -> None:
        """Close the session (the next `get` makes a fresh one)."""
        session, self._session, self._loop = self._session, None, None
        if session is not None and not session.closed:
            await session.close()


@dataclass(frozen=True, slots=True)
class ChannelContext:
    """The target, its shared limiter, the factory's shared HTTP session and the
    target's retry policy (`retries`, `backoff_s` of its config)."""

    target: TargetSpec
    config: dict  # a private copy of the target's config, schema defaults filled in
    limiter: ConcurrencyLimiter
    http: SharedSession
    policy: RetryPolicy = DEFAULT_POLICY

    async def http_session(self) -> aiohttp.ClientSession:
        """The shared aiohttp session (for a channel that makes its own requests)."""
        return self.http.get()

    async def exchange(self, method: str, url: str, decode: Callable[[HttpAnswer], T], *,
                       headers: dict[str, str] | None = None, json_body: Any = None,
                       params: dict[str, str] | None = None,
                       retry_on_timeout: bool = True) -> T:
        """`decode(answer)` of the target's 2xx answer, retried by the target's policy;
        raises `ChannelError` (after retries, "… (after N attempts)")."""
        session = self.http.get()
        timeout_s = float(self.config["timeout_s"])

        async def attempt(_number: int) -> T:
            answer = await exchange_once(session, self.limiter, method=method, url=url,
                                         timeout_s=timeout_s, headers=headers,
                                         json_body=json_body, params=params,
                                         retry_on_timeout=retry_on_timeout)
            return decode(answer)

        return await retrying(self.policy, attempt, failure=ChannelError, give_up=gave_up)


def gave_up(error: ChannelError, attempts: int) -> ChannelError:
    """The final error; after a retry it says how many attempts were made."""
    if attempts == 1:
        return error
    return ChannelError(error.kind, f"{error.message} (after {attempts} attempts)", error.status)


async def exchange_once(
    session: aiohttp.ClientSession,
    limiter: ConcurrencyLimiter,
    *,
    method: str,
    url: str,
    timeout_s: float,
    headers: dict[str, str] | None = None,
    json_body: Any = None,
    params: dict[str, str] | None = None,
    retry_on_timeout: bool = True,
) -> HttpAnswer:
    """One HTTP attempt inside the target's limiter (net.http_attempt); a failure becomes a
    ChannelError that names the URL and keeps the target's `retry_on_timeout` choice."""
    try:
        return await http_attempt(session, limiter, method=method, url=url, timeout_s=timeout_s,
                                  headers=headers, json_body=json_body, params=params,
                                  retry_on_timeout=retry_on_timeout)
    except AttemptFailed as failed:
        if failed.kind == "timeout":
            message = f"no reply from {url} within {timeout_s:g} s"
        elif failed.kind == "connection":
            message = f"cannot talk to {url}: {failed.detail}"
        elif failed.kind == "bad_response":
            message = f"{url}: {failed.summary}"
        else:
            message = f"{url} answered HTTP {failed.status}: {failed.detail}"
        raise ChannelError(failed.kind, message, failed.status, failed.retry_after,
                           retry_on_timeout=retry_on_timeout) from None
