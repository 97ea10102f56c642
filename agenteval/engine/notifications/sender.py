"""One webhook message sent: POST with a timeout, quick retries with backoff, the platform's
answer checked. Errors never contain the URL (it holds the webhook's secret token)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp

from agenteval.engine.notifications.formats import accepted, render
from agenteval.net.retry import RetryPolicy, TransientFailure, excerpt, parse_retry_after, retrying

# Attempts within one delivery round; the outbox reschedules the next round.
QUICK_RETRIES = RetryPolicy(attempts=3, backoff_s=0.2, max_backoff_s=2.0, max_retry_after_s=5.0)


class _SendFailed(TransientFailure):
    def __init__(self, reason: str, retryable: bool, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self._retryable = retryable
        self.retry_after = retry_after

    @property
    def retryable(self) -> bool:
        return self._retryable


class WebhookSender:
    """Sends rendered events over one aiohttp session (close it with `aclose`)."""

    def __init__(self, timeout_s: float, policy: RetryPolicy = QUICK_RETRIES) -> None:
        self.timeout_s = timeout_s
        self.policy = policy
        self._session: aiohttp.ClientSession | None = None

    async def send(self, url: str, format: str, event: dict[str, Any]) -> str | None:
        """None once the platform accepted the message; else the last attempt's error."""
        body = json.dumps(render(format, event), ensure_ascii=False).encode("utf-8")
        headers = {"Content-Type": "application/json; charset=utf-8",
                   "Idempotency-Key": str(event["id"]), "User-Agent": "AgentEval-Webhook"}

        async def attempt(number: int) -> None:
            await self._post(url, format, body, headers)

        try:
            await retrying(self.policy, attempt, failure=_SendFailed)
        except _SendFailed as failure:
            return failure.reason
        return None

    async def _post(self, url: str, format: str, body: bytes, headers: dict[str, str]) -> None:
        try:
            async with asyncio.timeout(self.timeout_s):
                async with self._get_session().post(url, data=body, headers=headers) as response:
                    text = (await response.read()).decode("utf-8", errors="replace")
                    status = response.status
                    retry_after = parse_retry_after(response.headers.get("Retry-After"))
        except TimeoutError:
            raise _SendFailed(f"no answer within {self.timeout_s:g} s", True) from None
        except (aiohttp.ClientError, OSError, ValueError) as exc:
            # The type only: aiohttp's messages may quote the URL, which is a secret.
            raise _SendFailed(f"connection failed ({type(exc).__name__})", True) from None
        refused = accepted(format, status, text)
        if refused is not None:
            retryable = status == 429 or status >= 500
            detail = excerpt(text, 120)
            raise _SendFailed(f"{refused}: {detail}" if detail and status >= 300 else refused,
                              retryable, retry_after)

    def _get_session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession()
        return self._session

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


@contextlib.asynccontextmanager
async def webhook_sender(timeout_s: float) -> AsyncIterator[WebhookSender]:
    sender = WebhookSender(timeout_s)
    try:
        yield sender
    finally:
        await sender.aclose()
