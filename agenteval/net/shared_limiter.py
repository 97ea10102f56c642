"""A concurrency limit that holds across processes: semaphore slots in Redis that expire.

Each limit is a Redis sorted set of slot tokens scored by their expiry (on
Redis's clock). Taking a slot is one script: drop expired tokens, and add
ours if fewer than the capacity remain. A process renews the slots it holds
every third of `ttl_s`, so a process that dies frees its slots within
`ttl_s`. Waiting is polling with a short backoff (a slot is usually held for
one HTTP request).

Redis is a coordination aid, not the truth: when it cannot be reached, the
limiter keeps only its local (per-process) bound and logs it, so an outage
slows nothing down and stops nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from typing import Any

from agenteval.net.limiter import ConcurrencyLimiter

logger = logging.getLogger("agenteval.limits")

# KEYS[1] the limit; ARGV: capacity, ttl (s), token. 1 when the slot was taken.
_TAKE = """
local now = redis.call('TIME')
local t = tonumber(now[1]) + tonumber(now[2]) / 1000000
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', t)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], t + tonumber(ARGV[2]), ARGV[3])
  redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2])) * 2)
  return 1
end
return 0
"""
# KEYS[1] the limit; ARGV: ttl (s), token. Pushes the token's expiry on if it still holds.
_RENEW = """
local now = redis.call('TIME')
local t = tonumber(now[1]) + tonumber(now[2]) / 1000000
return redis.call('ZADD', KEYS[1], 'XX', 'CH', t + tonumber(ARGV[1]), ARGV[2])
"""
WAIT_MIN_S = 0.005
WAIT_MAX_S = 0.1


class SharedSlots:
    """Named semaphores in Redis shared by every process (see the module's docstring)."""

    def __init__(self, url: str, ttl_s: float = 30.0, prefix: str = "agenteval:slots:") -> None:
        self.url = url
        self.ttl_s = ttl_s
        self.prefix = prefix
        self._redis: Any = None
        self._held: dict[str, str] = {}  # token → limit name
        self._renewer: asyncio.Task[None] | None = None
        self._unreachable = False

    async def start(self) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(self.url, decode_responses=True,
                                     socket_connect_timeout=2, socket_timeout=2)
        self._renewer = asyncio.get_running_loop().create_task(self._renew_forever(),
                                                                name="shared slots renewal")

    async def close(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._renewer
        if self._redis is not None:
            await self._redis.aclose()

    async def acquire(self, name: str, capacity: int) -> str | None:
        """Wait for a slot of `name` (at most `capacity` holders); its token, or None when
        Redis cannot be reached (the caller then proceeds on its local bound only)."""
        token = secrets.token_hex(8)
        pause = WAIT_MIN_S
        while True:
            try:
                taken = await self._redis.eval(_TAKE, 1, self.prefix + name, capacity,
                                               self.ttl_s, token)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - Redis away: the local bound still holds
                if not self._unreachable:  # once per outage, not per request
                    logger.warning("shared limits unavailable (%s); bounding this process "
                                   "only", exc)
                self._unreachable = True
                return None
            self._unreachable = False
            if taken:
                self._held[token] = name
                return token
            await asyncio.sleep(pause)
            pause = min(pause * 2, WAIT_MAX_S)

    async def release(self, name: str, token: str) -> None:
        self._held.pop(token, None)
        try:
            await self._redis.zrem(self.prefix + name, token)
        except Exception:  # noqa: BLE001 - the slot expires by itself
            logger.warning("could not release a slot of %s; it expires", name, exc_info=True)

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.ttl_s / 3)
            for token, name in list(self._held.items()):
                try:
                    await self._redis.eval(_RENEW, 1, self.prefix + name, self.ttl_s, token)
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - next tick; the slot may expire meanwhile
                    logger.debug("could not renew a slot of %s", name, exc_info=True)
                    break


class SharedLimiter(ConcurrencyLimiter):
    """A target's limiter across processes: a local slot first, then a shared one.

    Only `slot()` takes the shared slot (it is what requests use); the local bound
    keeps one process from polling Redis for more slots than the capacity.
    """

    def __init__(self, capacity: int, slots: SharedSlots, name: str) -> None:
        super().__init__(capacity)
        self._slots = slots
        self._name = name

    @contextlib.asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        async with super().slot():
            token = await self._slots.acquire(self._name, self.capacity)
            try:
                yield
            finally:
                if token is not None:
                    await asyncio.shield(self._slots.release(self._name, token))
