"""`websocket`: JSON over a websocket, one socket per conversation.

The socket opens on the first send and closes in `aclose`. Each send writes
one frame built from `send_template` and takes the next text frame as the
reply. After a timeout or a broken socket the socket is dropped and the retry
opens a new one, so a late answer to the old message is never mistaken for
the reply to a new one. Latency includes opening the socket on the first send.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from typing import TYPE_CHECKING

from agenteval.channels.base import Channel, ChannelError, ConversationState, Reply
from agenteval.channels.context import ChannelContext
from agenteval.channels.payload import extract_reply_text, parse_json_reply, render_template
from agenteval.channels.registry import register_channel
from agenteval.channels.reliability import (
    call_with_retries,
    reliability_properties,
)

if TYPE_CHECKING:  # imported with the first socket: see net/http_attempt.py
    import aiohttp

NAME = "websocket"
DESCRIPTION = (
    "JSON over a websocket: one socket per conversation; each message is a frame built "
    "from a template, the next text frame is the reply."
)
DEFAULT_TEMPLATE = {"message": "{{message}}", "session_id": "{{session_id}}"}
CONFIG_SCHEMA: dict = {
    "type": "object",
    "required": ["url"],
    "additionalProperties": False,
    "properties": {
        "url": {"type": "string", "pattern": "^wss?://"},
        "headers": {
            "type": "object",
            "additionalProperties": {"type": "string", "writeOnly": True},
            "default": {},
            "description": "Handshake headers; values are secrets.",
        },
        "send_template": {
            "default": DEFAULT_TEMPLATE,
            "description": "JSON template of each frame; {{message}}, {{session_id}}, {{turn}} "
            "are replaced inside strings.",
        },
        "reply_path": {
            "type": "string",
            "default": "",
            "description": "Dot path to the reply in a JSON frame; empty: the frame text is the reply.",
        },
        **reliability_properties(default_timeout_s=30),
    },
}

_CLOSE_TIMEOUT_S = 2.0  # do not hang in aclose on a target that ignores the close handshake


@register_channel(name=NAME, description=DESCRIPTION, config_schema=CONFIG_SCHEMA)
class WebSocketChannel(Channel):
    def __init__(self, context: ChannelContext, state: ConversationState | None = None) -> None:
        super().__init__(state)
        self._context = context
        self._policy = context.policy
        self._session_id = (state.conversation_id if state else None) or uuid.uuid4().hex
        self._socket: aiohttp.ClientWebSocketResponse | None = None

    @property
    def conversation_id(self) -> str | None:
        return self._session_id

    async def send(self, text: str) -> Reply:
        config = self._context.config
        turn = self._next_turn()
        frame = json.dumps(
            render_template(
                config["send_template"],
                {"message": text, "session_id": self._session_id, "turn": str(turn)},
            ),
            ensure_ascii=False,
        )
        reply = await call_with_retries(self._policy, lambda: self._attempt(frame))
        self._remember(text, reply.text)
        return reply

    async def _attempt(self, frame: str) -> Reply:
        import aiohttp  # here, not at the top: see net/http_attempt.py

        config = self._context.config
        url, timeout_s = config["url"], float(config["timeout_s"])
        async with self._context.limiter.slot():
            started = time.perf_counter()
            try:
                async with asyncio.timeout(timeout_s):
                    socket = await self._open_socket()
                    await socket.send_str(frame)
                    message = await socket.receive()
            except TimeoutError:
                await self._drop_socket()
                raise ChannelError(
                    "timeout", f"no reply from {url} within {timeout_s:g} s"
                ) from None
            except aiohttp.WSServerHandshakeError as exc:
                raise ChannelError(
                    "http_status",
                    f"{url} refused the websocket: HTTP {exc.status} {exc.message}",
                    exc.status,
                ) from exc
            except (aiohttp.ClientError, OSError, ValueError) as exc:
                await self._drop_socket()
                raise ChannelError(
                    "connection", f"cannot talk to {url}: {exc or type(exc).__name__}"
                ) from exc
            latency_ms = round((time.perf_counter() - started) * 1000)
        return await self._to_reply(message, latency_ms)

    async def _to_reply(self, message: aiohttp.WSMessage, latency_ms: int) -> Reply:
        from aiohttp import WSMsgType

        url, reply_path = self._context.config["url"], self._context.config["reply_path"]
        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                            WSMsgType.ERROR):
            await self._drop_socket()
            raise ChannelError("connection", f"{url} closed the websocket before replying")
        data = message.data
        body = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else str(data)
        if not reply_path:
            if not body.strip():
                raise ChannelError("bad_response", f"{url} sent an empty frame")
            return Reply(body, latency_ms, body)
        document = parse_json_reply(body, what="frame")
        return Reply(extract_reply_text(document, reply_path, body), latency_ms, document)

    async def _open_socket(self) -> aiohttp.ClientWebSocketResponse:
        import aiohttp

        if self._socket is None or self._socket.closed:
            session = await self._context.http_session()
            self._socket = await session.ws_connect(
                self._context.config["url"],
                headers=self._context.config["headers"],
                timeout=aiohttp.ClientWSTimeout(ws_close=_CLOSE_TIMEOUT_S),
            )
        return self._socket

    async def _drop_socket(self) -> None:
        socket, self._socket = self._socket, None
        if socket is not None and not socket.closed:
            await socket.close()

    async def aclose(self) -> None:
        await self._drop_socket()
