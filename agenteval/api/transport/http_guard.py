"""An ASGI middleware in front of /graphql: every HTTP-level mistake gets a coded JSON answer.

It refuses before any parsing what HTTP can tell (method 405, content type 415,
body size 413), then checks the request envelope (valid UTF-8, JSON that is
not too deep, an object with a string `query`, object `variables`…) and answers
each mistake in the GraphQL shape: `{"errors": [{"message", "extensions":
{"code", "details"}}]}`. Whatever plain-text error the GraphQL view still
produces is rewritten into the same shape, and an exception escaping the view
becomes a coded INTERNAL answer with an errorId instead of a bare 500.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from typing import Any
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agenteval.api.errors import error_response_body
from agenteval.api.transport.media_types import APPLICATION_JSON, negotiated_from_headers, shaped
from agenteval.api.transport.read_deadlines import BodyTimedOut
from agenteval.errors import FieldError
from agenteval.store.backends.database_outage import (
    DATABASE_UNREACHABLE,
    is_database_unreachable,
    outage,
)

logger = logging.getLogger("agenteval.api")

JSON_TYPES = ("application/json", "application/graphql-response+json")
# How much of an oversized body is read (and dropped) so that its 413 reaches the client.
DRAIN_FACTOR = 4
MIN_DRAIN_BYTES = 64 * 2**20
# An oversized body's drain is not waited for beyond this. A body that stops arriving
# (half sent, or trickled) meets AGENTEVAL_REQUEST_BODY_TIMEOUT_S in read_deadlines.py,
# which wraps every route: its 408 answers and the connection is closed.
DRAIN_TIMEOUT_S = 2.0


class RequestRefused(Exception):
    """A request answered with a coded JSON error before it reaches GraphQL."""

    def __init__(self, status: int, message: str, path: str = "body",
                 code: str = "VALIDATION_FAILED") -> None:
        super().__init__(message)
        self.status, self.message, self.path, self.code = status, message, path, code

    def body(self) -> dict[str, Any]:
        return error_response_body(self.code, self.message, [FieldError(self.path, self.message)])


class GraphQLHTTPGuard:
    """Wraps the app; only HTTP requests to `path` are inspected."""

    def __init__(self, app: ASGIApp, *, path: str = "/graphql", max_body_bytes: int,
                 max_json_depth: int) -> None:
        self.app = app
        self.path = path
        self.max_body_bytes = max_body_bytes
        self.max_json_depth = max_json_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].rstrip("/") != self.path:
            await self.app(scope, receive, send)
            return
        media_type = negotiated_from_headers(scope["headers"])
        try:
            receive = await self._checked(scope, receive)
        except RequestRefused as refused:
            logger.info("client error %s: %s", refused.code, refused.message)
            if refused.status == 413 and not _expects_continue(scope):
                await self._drain(receive)  # (a client expecting 100 has sent nothing yet)
            await send_json(send, refused.status, shaped(refused.body(), media_type, True),
                            close=refused.status in (408, 413), media_type=media_type)
            return
        await self._call_view(scope, receive, send, media_type)

    async def _checked(self, scope: Scope, receive: Receive) -> Receive:
        """The request checked; returns a `receive` that replays the body already read."""
        method = scope["method"]
        if method == "GET":
            params = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            if params.get("variables", [""])[0].strip():
                # parse_qs has decoded the %-escapes as UTF-8: Chinese variables stay text.
                self._decode_json(params["variables"][0].encode("utf-8"), "variables")
            return receive
        if method != "POST":
            raise RequestRefused(405, f"GraphQL answers GET and POST, not {method}", "method")
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        content_type = headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type not in JSON_TYPES:
            raise RequestRefused(415, f"send the request as application/json, not "
                                 f"{content_type or 'without a content type'}", "content-type")
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body_bytes:
            raise self._too_large()
        body = await self._read_body(receive)  # BodyTimedOut: read_deadlines.py
        self._check_envelope(self._decode_json(body, "body"))
        return _replay(body, receive)

    async def _drain(self, receive: Receive) -> None:
        """Read and drop the rest of an oversized body (bounded) before answering 413.

        A client that writes its whole body before reading (Python's urllib, curl
        without Expect) sees a connection reset instead of the 413 when the server
        closes with the body unread. Dropping chunks costs no memory; past
        DRAIN_FACTOR times the limit the connection is given up instead."""
        budget = max(self.max_body_bytes * DRAIN_FACTOR, MIN_DRAIN_BYTES)
        try:  # a body declared and never sent must not hold the answer back
            async with asyncio.timeout(DRAIN_TIMEOUT_S):
                while budget > 0:
                    message = await receive()
                    if message["type"] != "http.request" or not message.get("more_body",
                                                                              False):
                        return
                    budget -= len(message.get("body", b""))
        except (TimeoutError, BodyTimedOut):  # the 413 is the answer either way
            return

    def _too_large(self) -> RequestRefused:
        return RequestRefused(413, f"the request body is larger than {self.max_body_bytes} "
                              "bytes (AGENTEVAL_MAX_BODY_BYTES)")

    async def _read_body(self, receive: Receive) -> bytes:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise RequestRefused(400, "the client went away before the body ended")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                raise self._too_large()
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    def _decode_json(self, raw: bytes, path: str) -> Any:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RequestRefused(400, f"is not valid UTF-8 (byte {exc.start})", path) from None
        if not text.strip():
            raise RequestRefused(400, "is empty: send {\"query\": \"…\"}", path)
        try:
            value = json.loads(text)
        except RecursionError:
            raise RequestRefused(400, "nests JSON deeper than the limit of "
                                 f"{self.max_json_depth} levels", path) from None
        except ValueError as exc:
            raise RequestRefused(400, f"is not valid JSON: {exc}", path) from None
        # A guard for the parser and graphql-core's recursive coercion only: the limit
        # itself is checked per input, with its path, by api/input_checks.py.
        depth_path = _too_deep(value, self.max_json_depth + 8)
        if depth_path is not None:
            raise RequestRefused(400, "nests JSON deeper than the limit of "
                                 f"{self.max_json_depth} levels", depth_path or path)
        return value

    def _check_envelope(self, data: Any) -> None:
        if isinstance(data, list):
            raise RequestRefused(400, "batched requests are not supported: send one "
                                 "operation per request")
        if not isinstance(data, dict):
            raise RequestRefused(400, "must be a JSON object: {\"query\": \"…\", "
                                 "\"variables\": {…}}")
        query = data.get("query")
        if not isinstance(query, str) or not query.strip():
            raise RequestRefused(400, "must be the GraphQL document as a non-empty string",
                                 "query")
        for name, kind, expected in (("variables", dict, "an object"),
                                     ("extensions", dict, "an object"),
                                     ("operationName", str, "a string")):
            value = data.get(name)
            if value is not None and not isinstance(value, kind):
                raise RequestRefused(400, f"must be {expected} or null", name)

    async def _call_view(self, scope: Scope, receive: Receive, send: Send,
                         media_type: str) -> None:
        rewriter = _PlainTextRewriter(send, scope["method"], media_type)
        try:
            await self.app(scope, receive, rewriter.send)
        except Exception as exc:
            if rewriter.started or isinstance(exc, BodyTimedOut):
                raise  # BodyTimedOut: read_deadlines.py answers 408
            if is_database_unreachable(exc):
                outage.noticed(exc)
                await send_json(send, 503, error_response_body(
                    "UNAVAILABLE", DATABASE_UNREACHABLE, reason="database"))
                return
            error_id = uuid.uuid4().hex[:12]
            logger.exception("unexpected error %s answering %s", error_id, self.path)
            await send_json(send, 500, error_response_body(
                "INTERNAL", "Unexpected error: it has been logged.", errorId=error_id))


class _PlainTextRewriter:
    """Turns the GraphQL view's plain-text error answers into coded JSON ones."""

    def __init__(self, send: Send, method: str, media_type: str) -> None:
        self.downstream = send
        self.method = method
        self.media_type = media_type
        self.started = False
        self.held: Message | None = None
        self.text = b""

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = dict(message.get("headers", []))
            plain = headers.get(b"content-type", b"").startswith(b"text/plain")
            if message["status"] >= 400 and plain:
                self.held = message
                return
            self.started = True
        elif message["type"] == "http.response.body" and self.held is not None:
            self.text += message.get("body", b"")
            if not message.get("more_body", False):
                await self._send_rewritten()
            return
        await self.downstream(message)

    async def _send_rewritten(self) -> None:
        assert self.held is not None
        status = self.held["status"]
        text = self.text.decode("utf-8", "replace").strip()
        path = "operationName" if "operation" in text.lower() else "query"
        if self.method == "GET" and "GET" in text and status == 400:
            # A mutation sent with GET: HTTP's answer is 405 (POST it).
            status, text = 405, f"{text}; send mutations with POST"
        self.started = True
        if status == 404:  # GraphiQL switched off: nothing is served to a browser here
            body = error_response_body("NOT_FOUND", text)
        else:
            body = error_response_body("VALIDATION_FAILED", text, [FieldError(path, text)])
        await send_json(self.downstream, status, shaped(body, self.media_type, True),
                        media_type=self.media_type)


async def send_json(send: Send, status: int, body: dict[str, Any], *,
                    close: bool = False, media_type: str = APPLICATION_JSON) -> None:
    payload = json.dumps(body).encode()
    headers = [(b"content-type", media_type.encode()),
               (b"content-length", str(len(payload)).encode())]
    if close:  # the body may not have been read to its end: this connection is done
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


def _expects_continue(scope: Scope) -> bool:
    """`Expect: 100-continue`: the client waits for the answer before sending its body."""
    return any(name.lower() == b"expect" and value.lower() == b"100-continue"
               for name, value in scope.get("headers", []))


def _replay(body: bytes, downstream: Receive) -> Receive:
    """Hands the body already read to the view, then the client's own messages."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await downstream()

    return receive


def _too_deep(value: Any, limit: int) -> str | None:
    """The path of the first value nested deeper than `limit` (iterative), or None."""
    pending: list[tuple[Any, int, str]] = [(value, 1, "")]
    while pending:
        item, depth, path = pending.pop()
        if depth > limit:
            return path
        if isinstance(item, dict):
            pending.extend((v, depth + 1, f"{path}.{k}" if path else str(k))
                           for k, v in item.items() if isinstance(v, dict | list))
        elif isinstance(item, list):
            pending.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(item)
                           if isinstance(v, dict | list))
    return None
