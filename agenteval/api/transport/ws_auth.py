"""A revoked API key stops working at once on open websockets too.

The key of a websocket is checked at `connection_init`; after that three things
keep it honest:
- every operation on the socket re-checks the key (store/access/api_keys.py's cache, at
  most KEY_CACHE_TTL_S old), so a revocation made anywhere refuses the operations
  from then on;
- a revocation is announced on the event bus (`revokeApiKey`, and `agenteval keys
  revoke` when Redis is configured; Redis carries it to every process), and each
  socket of that key is closed with 4403 within a second, which ends its running
  subscriptions;
- an announcement can be lost (Redis down, the CLI without Redis), so every
  KEY_RECHECK_S each process checks the keys of all its open sockets in one query
  and closes the sockets of the keys revoked or deleted meanwhile.
One `SocketWatch` per process (per event bus) does the last two for all its sockets:
one bus subscription and one query, not one per socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
import weakref
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from agenteval.store.access import api_keys
from agenteval.store.event_bus import EventBus, Overflowed, Subscription
from agenteval.store.models import ApiKey

logger = logging.getLogger("agenteval.api")

REVOKED_TOPIC = api_keys.REVOKED_TOPIC
CLOSE_CODE = 4403
# How often the watch notices sockets that closed by themselves (and forgets them).
CLOSED_POLL_S = 0.5
# How often the keys of the open sockets are read again, announced revocation or not.
KEY_RECHECK_S = 2.0
announce_revocation = api_keys.announce_revocation


def revoked_refusal_needed(request: Any, key: ApiKey | None) -> bool:
    """Whether this operation runs on a websocket whose key must be re-checked."""
    return isinstance(request, WebSocket) and key is not None and bool(key.secret_hash)


async def still_valid(key: ApiKey) -> bool:
    """Whether the key is still live (not revoked, not deleted)."""
    return await api_keys.is_live(key.id)


def watch(events: EventBus, websocket: WebSocket, key: ApiKey) -> None:
    """Close `websocket` with 4403 once its key is revoked (announced or found so)."""
    if not key.secret_hash:  # in-process identities have no secret and cannot be revoked
        return
    socket_watch = _watches.get(events)
    if socket_watch is None:
        socket_watch = _watches[events] = SocketWatch(events)
    socket_watch.add(websocket, str(key.id))


_watches: weakref.WeakKeyDictionary[EventBus, SocketWatch] = weakref.WeakKeyDictionary()


class SocketWatch:
    """The open websockets of one process by key id; runs only while there are some."""

    def __init__(self, events: EventBus) -> None:
        self.events = events
        self.sockets: dict[str, set[WebSocket]] = {}
        self.task: asyncio.Task[None] | None = None
        self._recheck_failing = False

    def add(self, websocket: WebSocket, key_id: str) -> None:
        self.sockets.setdefault(key_id, set()).add(websocket)
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._run(),
                                                               name="websocket-key-watch")

    async def _run(self) -> None:
        try:
            subscription = await self.events.subscribe(REVOKED_TOPIC)
            try:
                await self._watch(subscription)
            finally:
                await subscription.close()
        finally:
            self.task = None
            if self.sockets:  # a socket came while the watch was ending
                self.task = asyncio.get_running_loop().create_task(
                    self._run(), name="websocket-key-watch")

    async def _watch(self, subscription: Subscription) -> None:
        next_check = time.monotonic() + KEY_RECHECK_S
        while self.sockets:
            try:
                message = await subscription.get(timeout=CLOSED_POLL_S)
                await self._close_key(str(message.get("keyId")))
            except TimeoutError:
                pass
            except Overflowed:  # announcements were lost: read every key now
                next_check = 0.0
            self._forget_closed()
            if time.monotonic() >= next_check:
                await self._recheck()
                next_check = time.monotonic() + KEY_RECHECK_S

    async def _recheck(self) -> None:
        """Close the sockets of every watched key that is no longer live (one query)."""
        ids = [uuid.UUID(key_id) for key_id in self.sockets]
        if not ids:
            return
        try:
            live = await api_keys.live_key_ids(ids)
        except Exception as exc:  # noqa: BLE001 - the database is away: keep the sockets
            if not self._recheck_failing:
                logger.warning("could not re-check the keys of open websockets: %s", exc)
            self._recheck_failing = True
            return
        self._recheck_failing = False
        for key_id in [k for k in self.sockets if k not in live]:
            api_keys.cache.evict(key_id)
            await self._close_key(key_id)

    async def _close_key(self, key_id: str) -> None:
        for websocket in self.sockets.pop(key_id, ()):
            with contextlib.suppress(Exception):  # the socket may be closing already
                await websocket.close(CLOSE_CODE, "the API key was revoked")

    def _forget_closed(self) -> None:
        for key_id, sockets in list(self.sockets.items()):
            sockets.difference_update([s for s in sockets if not _open(s)])
            if not sockets:
                del self.sockets[key_id]


def _open(websocket: WebSocket) -> bool:
    return (websocket.client_state != WebSocketState.DISCONNECTED
            and websocket.application_state != WebSocketState.DISCONNECTED)
