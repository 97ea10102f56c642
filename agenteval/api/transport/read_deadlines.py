"""Time limits on reading a request: a half-sent request never holds a connection for ever.

A client that sends its request line and headers a byte at a time (slowloris), or its body
a byte every few seconds, keeps each read short and so never meets a per-read timeout:
uvicorn resets its keep-alive timer on every byte and has no limit on a request's head.
Each part therefore gets a deadline counted from its start, not from the last byte:

- the head (request line and headers): `HeadDeadlineProtocol`, uvicorn's own HTTP
  protocol (httptools) with a timer armed when a request's first byte arrives (or the
  connection opens) and disarmed when its headers are complete; on expiry the client
  gets a 408 and the connection is closed — the app never saw the request;
- the body: `BodyDeadline`, an ASGI middleware around every HTTP route: the body must
  have ended `body_timeout_s` after the request reached the app. On expiry the app's
  read fails (`BodyTimedOut`); the app lets it through (the REST envelope and the GraphQL
  guard re-raise it) and the client gets a coded 408 with `Connection: close`.

Both limits are settings (`request_head_timeout_s`, `request_body_timeout_s`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from agenteval.api.errors import error_response_body
from agenteval.errors import FieldError

logger = logging.getLogger("agenteval.api")


class BodyTimedOut(Exception):
    """The request body did not end within the limit (raised from `receive`)."""

    def __init__(self, timeout_s: float) -> None:
        super().__init__(f"the request body did not arrive within {timeout_s:g} s "
                         "(AGENTEVAL_REQUEST_BODY_TIMEOUT_S)")


class BodyDeadline:
    """Answers 408 and closes when a request's body has not ended in `timeout_s`."""

    def __init__(self, app: ASGIApp, *, timeout_s: float) -> None:
        self.app = app
        self.timeout_s = timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        state = _Exchange(asyncio.get_running_loop().time() + self.timeout_s)

        async def timed_receive() -> Message:
            if state.body_ended:  # waiting for a disconnect (streaming answers): no limit
                return await receive()
            try:
                async with asyncio.timeout_at(state.deadline):
                    message = await receive()
            except TimeoutError:
                raise BodyTimedOut(self.timeout_s) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                state.body_ended = True
            return message

        async def tracked_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                state.started = True
            await send(message)

        try:
            await self.app(scope, timed_receive, tracked_send)
        except BodyTimedOut as timed_out:
            if state.started:
                raise
            await _answer_408(send, str(timed_out))


class _Exchange:
    __slots__ = ("body_ended", "deadline", "started")

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.body_ended = False
        self.started = False


async def _answer_408(send: Send, message: str) -> None:
    logger.info("client error VALIDATION_FAILED: %s", message)
    payload = json.dumps(error_response_body("VALIDATION_FAILED", message,
                                             [FieldError("body", message)])).encode()
    await send({"type": "http.response.start", "status": 408, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
        (b"connection", b"close")]})  # the body was not read to its end
    await send({"type": "http.response.body", "body": payload})


class HeadDeadlineProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a deadline on each request's head.

    `head_timeout_s` is set on a subclass by `head_deadline_protocol`."""

    head_timeout_s: float = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head_timer()  # a connection that opens and says nothing is a head too

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm_head_timer()

    def on_headers_complete(self) -> None:
        self._disarm_head_timer()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_timer()
        super().connection_lost(exc)

    def _arm_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_timeout_s, self._head_too_slow)

    def _disarm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is not None and not self.cycle.response_complete:
            self._arm_head_timer()  # the previous answer is still being written (pipelining)
            return
        message = (f"the request line and headers did not arrive within "
                   f"{self.head_timeout_s:g} s (AGENTEVAL_REQUEST_HEAD_TIMEOUT_S)")
        logger.info("client error VALIDATION_FAILED: %s", message)
        body = json.dumps(error_response_body("VALIDATION_FAILED", message,
                                              [FieldError("head", message)])).encode()
        self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json"
                             b"\r\nconnection: close\r\ncontent-length: " +
                             str(len(body)).encode() + b"\r\n\r\n" + body)
        self.transport.close()


def head_deadline_protocol(head_timeout_s: float) -> type[HeadDeadlineProtocol]:
    """The protocol class to give uvicorn (`Config(http=…)`) for this limit."""
    return type("HeadDeadlineProtocol", (HeadDeadlineProtocol,),
                {"head_timeout_s": head_timeout_s})
