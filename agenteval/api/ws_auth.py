"""A revoked API key stops working at once on open websockets too.

The key of a websocket is checked at `connection_init`; after that two things
keep it honest:
- every operation on the socket re-checks the key (store/api_keys.py's cache, at
  most KEY_CACHE_TTL_S old), so a revocation made anywhere (another process, the
  CLI) refuses the operations from then on;
- `revokeApiKey` announces the revocation on the event bus (Redis carries it to
  every process), and each socket of that key is closed with 4403, which ends
  its running subscriptions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from agenteval.store import api_keys
from agenteval.store.event_bus import EventBus
from agenteval.store.models import ApiKey

logger = logging.getLogger("agenteval.api")

REVOKED_TOPIC = api_keys.REVOKED_TOPIC
CLOSE_CODE = 4403
# How often a socket's watcher notices that its socket closed by itself.
CLOSED_POLL_S = 1.0
announce_revocation = api_keys.announce_revocation


def revoked_refusal_needed(request: Any, key: ApiKey | None) -> bool:
    """Whether this operation runs on a websocket whose key must be re-checked."""
    return isinstance(request, WebSocket) and key is not None and bool(key.secret_hash)


async def still_valid(key: ApiKey) -> bool:
    """Whether the key is still live (not revoked, not deleted)."""
    return await api_keys.is_live(key.id)


def watch(events: EventBus, websocket: WebSocket, key: ApiKey) -> None:
    """Close `websocket` with 4403 as soon as its key is announced revoked."""
    if not key.secret_hash:  # in-process identities have no secret and cannot be revoked
        return
    task = asyncio.get_running_loop().create_task(_watch(events, websocket, str(key.id)))
    _watchers.add(task)
    task.add_done_callback(_watchers.discard)


_watchers: set[asyncio.Task[None]] = set()


async def _watch(events: EventBus, websocket: WebSocket, key_id: str) -> None:
    subscription = await events.subscribe(REVOKED_TOPIC)
    try:
        while _open(websocket):
            try:
                message = await subscription.get(timeout=CLOSED_POLL_S)
            except TimeoutError:
                continue
            except Exception:  # an overflowed queue: check the key itself
                if await api_keys.is_live(key_id):
                    continue
                message = {"keyId": key_id}
            if message.get("keyId") == key_id:
                with contextlib.suppress(Exception):  # the socket may be closing already
                    await websocket.close(CLOSE_CODE, "the API key was revoked")
                return
    finally:
        await subscription.close()


def _open(websocket: WebSocket) -> bool:
    return (websocket.client_state != WebSocketState.DISCONNECTED
            and websocket.application_state != WebSocketState.DISCONNECTED)
