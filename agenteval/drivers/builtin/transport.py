"""How the driver's GraphQL requests reach the service: over HTTP, or in process over ASGI.

A `Transport` posts one JSON body with headers and returns the status and the
decoded JSON answer. `HttpTransport` uses aiohttp (the `agenteval driver`
process, any remote server); `AsgiTransport` calls an ASGI app directly (the
service's own GraphQL view: the built-in driver inside the server, tests), so
the driver goes through exactly the same schema, auth and errors as an
external agent without opening a socket.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

import aiohttp

from agenteval.errors import AgentEvalError


class TransportError(AgentEvalError):
    """The service could not be reached or did not answer with JSON."""

    code = "INTERNAL"


class Transport(Protocol):
    async def post_json(self, body: dict[str, Any], headers: dict[str, str]
                        ) -> tuple[int, Any]: ...

    async def aclose(self) -> None: ...


class HttpTransport:
    """POSTs to `url` with aiohttp; the session is opened on first use."""

    def __init__(self, url: str, timeout_s: float = 300.0) -> None:
        self.url = url
        self._timeout = aiohttp.ClientTimeout(total=timeout_s)
        self._session: aiohttp.ClientSession | None = None

    async def post_json(self, body: dict[str, Any], headers: dict[str, str]
                        ) -> tuple[int, Any]:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=self._timeout)
        try:
            async with self._session.post(self.url, json=body, headers=headers) as response:
                text = await response.text()
                return response.status, _decode(response.status, text)
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise TransportError(f"cannot reach AgentEval at {self.url}: {exc!r}") from exc

    async def aclose(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None


class AsgiTransport:
    """Calls an ASGI app in process (no lifespan: the app's services must be running)."""

    def __init__(self, app: Any, path: str = "/graphql") -> None:
        self.app = app
        self.path = path

    async def post_json(self, body: dict[str, Any], headers: dict[str, str]
                        ) -> tuple[int, Any]:
        payload = json.dumps(body).encode()
        raw_headers = [(b"content-type", b"application/json"),
                       (b"content-length", str(len(payload)).encode()),
                       (b"host", b"agenteval.internal")]
        raw_headers += [(k.lower().encode(), v.encode()) for k, v in headers.items()]
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "POST", "scheme": "http", "path": self.path,
            "raw_path": self.path.encode(), "query_string": b"", "root_path": "",
            "headers": raw_headers, "client": ("127.0.0.1", 0),
            "server": ("agenteval.internal", 80),
        }
        request_sent = False
        status = 500
        chunks: list[bytes] = []

        async def receive() -> dict[str, Any]:
            nonlocal request_sent
            if request_sent:
                return {"type": "http.disconnect"}
            request_sent = True
            return {"type": "http.request", "body": payload, "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        return status, _decode(status, b"".join(chunks).decode("utf-8", "replace"))

    async def aclose(self) -> None:
        return None


def _decode(status: int, text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise TransportError(
            f"AgentEval answered HTTP {status} without JSON: {text[:200]!r}") from None
