"""Pre-built websocket frames written straight to a subscriber's socket.

A fanned-out subscription event is the same bytes for every subscriber of it (bar the
operation id), so the fan-out hub (api/subscriptions/fanout.py) builds each frame once
and writes it to every socket itself. Going through uvicorn's ASGI `send` cost, per
subscriber and message, a coroutine, websockets' frame object and its serialisation,
and the join of the output: most of a delivery after the write system call. Here the
frame (header + UTF-8 text, unmasked as a server's are, no extension) is written with
one `transport.write`, exactly the bytes websockets would have written.

uvicorn's protocol object is not reachable from the ASGI app, so `serve.py` runs
`ScopedWebSocketProtocol` (uvicorn's default websocket protocol) which puts itself in
the connection's scope. A socket served any other way (a test client, another server,
permessage-deflate negotiated) has no direct writer: its deliveries go the ASGI way.
"""

from __future__ import annotations

import struct
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

SCOPE_KEY = "agenteval.websocket_protocol"
TRANSPORT_WS = "graphql-transport-ws"
LEGACY_WS = "graphql-ws"


class ScopedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets (sans-I/O) protocol, reachable from the connection's scope."""

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # accepted (101): the app's task has not run yet
            scope[SCOPE_KEY] = self


class DirectWriter:
    """Writes whole frames to one socket while it is open and not pushing back."""

    __slots__ = ("_protocol",)

    def __init__(self, protocol: WebSocketsSansIOProtocol) -> None:
        self._protocol = protocol

    def write(self, frames: bytes) -> bool:
        """Write `frames` now; False (nothing written) once the socket is closing or its
        buffer is above the high-water mark (a slow reader: the ASGI way awaits it)."""
        protocol = self._protocol
        if protocol.close_sent or protocol.disconnected or not protocol.writable.is_set() \
                or protocol.conn.state is not State.OPEN or protocol.transport.is_closing():
            return False
        protocol.transport.write(frames)
        return True


def direct_writer(scope: dict[str, Any]) -> DirectWriter | None:
    """The direct writer of a websocket's scope, if it was served by ScopedWebSocketProtocol
    without extensions (a compressed frame is not the same bytes for every socket)."""
    protocol = scope.get(SCOPE_KEY)
    if not isinstance(protocol, ScopedWebSocketProtocol) or protocol.conn.extensions:
        return None
    return DirectWriter(protocol)


def text_frame(text: str) -> bytes:
    """One final, unmasked text frame (RFC 6455 §5.2) carrying `text`."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        head = bytes((0x81, size))
    elif size < 1 << 16:
        head = struct.pack("!BBH", 0x81, 126, size)
    else:
        head = struct.pack("!BBQ", 0x81, 127, size)
    return head + payload


@dataclass(frozen=True, slots=True)
class Delivery:
    """Where a websocket operation's results go: its socket, protocol and id."""

    writer: DirectWriter
    protocol: str  # TRANSPORT_WS or LEGACY_WS
    operation_id: str


# Set by the websocket handlers in each operation's own task; read by the subscription.
current_delivery: ContextVar[Delivery | None] = ContextVar("current_delivery", default=None)


def deliver_directly(scope: dict[str, Any], protocol: str, operation_id: str) -> None:
    """Let this task's subscription write its frames to the socket of `scope` directly."""
    writer = direct_writer(scope)
    current_delivery.set(None if writer is None else Delivery(writer, protocol, operation_id))
