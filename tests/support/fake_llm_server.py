"""A scripted OpenAI-compatible server on 127.0.0.1 for tests of model clients and rules.

    async with FakeLLMServer() as server:
        server.script("chat", Respond(status=429, headers={"Retry-After": "1"}), "the answer")
        endpoint = ModelEndpoint(role="JUDGE", model="m", base_url=server.url)

Each endpoint ("chat", "embeddings", "moderations") answers from its queue of
scripted steps first, then from its default responder. A step is a `Respond`
(status, headers, JSON body or raw text, delay), a `Drop` (close the
connection without answering), a dict (a 200 JSON body) or, for chat, a str
(a completion whose content is that text). A responder is a callable taking
the request's JSON body and returning a step (or an awaitable of one).
Every request is recorded in `server.requests`; `max_in_flight` is the most
requests the server was handling at once. A chat request asking for
`"stream": true` gets a 200 completion as server-sent events (content and tool
calls as deltas, then usage and `[DONE]`), as OpenAI streams it.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

ENDPOINT_PATHS = {
    "chat": "/v1/chat/completions",
    "embeddings": "/v1/embeddings",
    "moderations": "/v1/moderations",
}
EMBEDDING_DIMENSIONS = 64
MODERATION_CATEGORIES = ("harassment", "hate", "self-harm", "sexual", "violence")


@dataclass(frozen=True)
class Respond:
    """An HTTP answer: JSON `body` (or raw `text`), after waiting `delay_s`."""

    body: Any = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    text: str | None = None


@dataclass(frozen=True)
class Drop:
    """Close the connection without any answer (after `delay_s`)."""

    delay_s: float = 0.0


Step = Respond | Drop | dict | str
Responder = Callable[[Any], "Step | Awaitable[Step]"]


@dataclass(frozen=True)
class RecordedRequest:
    endpoint: str
    body: Any
    headers: dict[str, str]
    at: float  # time.monotonic() when it arrived


def chat_completion(content: str, *, model: str = "fake-model",
                    usage: dict[str, int] | None = None) -> dict[str, Any]:
    """An OpenAI chat completion body whose answer is `content`."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "model": model,
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}],
        "usage": usage or {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


def hashed_embedding(text: str) -> list[float]:
    """A deterministic unit vector of hashed character bigrams: similar texts point alike."""
    vector = [0.0] * EMBEDDING_DIMENSIONS
    padded = f" {text} "
    for start in range(len(padded) - 1):
        digest = hashlib.sha256(padded[start:start + 2].encode("utf-8")).digest()
        vector[digest[0] % EMBEDDING_DIMENSIONS] += 1.0
    norm = math.sqrt(sum(x * x for x in vector))
    return [x / norm for x in vector]


def default_chat(body: Any) -> Step:
    return "OK"


def default_embeddings(body: Any) -> Step:
    texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
    tokens = sum(len(text) for text in texts)
    return {
        "object": "list",
        "model": body.get("model", "fake-embedding"),
        "data": [{"object": "embedding", "index": i, "embedding": hashed_embedding(text)}
                 for i, text in enumerate(texts)],
        "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
    }


def moderation_body(flagged_categories: dict[str, float] | None = None) -> dict[str, Any]:
    """A moderation answer flagging `flagged_categories` (name → score); none by default."""
    flagged = flagged_categories or {}
    return {
        "id": "modr-fake",
        "model": "fake-moderation",
        "results": [{
            "flagged": bool(flagged),
            "categories": {name: name in flagged for name in MODERATION_CATEGORIES},
            "category_scores": {name: flagged.get(name, 0.0) for name in MODERATION_CATEGORIES},
        }],
    }


def default_moderations(body: Any) -> Step:
    return moderation_body()


class FakeLLMServer:
    """See the module docstring. `url` is the base URL, ending in /v1."""

    def __init__(self, *, chat: Responder = default_chat,
                 embeddings: Responder = default_embeddings,
                 moderations: Responder = default_moderations) -> None:
        self.responders: dict[str, Responder] = {
            "chat": chat, "embeddings": embeddings, "moderations": moderations,
        }
        self.scripts: dict[str, deque[Step]] = {name: deque() for name in ENDPOINT_PATHS}
        self.requests: list[RecordedRequest] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._runner: web.AppRunner | None = None
        self._port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._port}/v1"

    def script(self, endpoint: str, *steps: Step) -> None:
        """Queue `steps` to answer the next requests to `endpoint`, in order."""
        self.scripts[endpoint].extend(steps)

    def requests_to(self, endpoint: str) -> list[RecordedRequest]:
        return [request for request in self.requests if request.endpoint == endpoint]

    async def __aenter__(self) -> FakeLLMServer:
        app = web.Application()
        for name, path in ENDPOINT_PATHS.items():
            app.router.add_post(path, self._handler(name))
        self._runner = web.AppRunner(app, shutdown_timeout=0.1)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = self._runner.addresses[0][1]
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def _handler(self, endpoint: str) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def handle(request: web.Request) -> web.StreamResponse:
            body = await request.json()
            self.requests.append(
                RecordedRequest(endpoint, body, dict(request.headers), time.monotonic()))
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            try:
                return await self._answer(request, endpoint, body)
            finally:
                self.in_flight -= 1

        return handle

    async def _answer(self, request: web.Request, endpoint: str, body: Any
                      ) -> web.StreamResponse:
        queue = self.scripts[endpoint]
        step = queue.popleft() if queue else self.responders[endpoint](body)
        if inspect.isawaitable(step):
            step = await step
        if isinstance(step, Drop):
            await asyncio.sleep(step.delay_s)
            assert request.transport is not None
            request.transport.close()
            return web.Response()  # never reaches the client: the connection is gone
        if isinstance(step, str):
            step = Respond(chat_completion(step))
        elif isinstance(step, dict):
            step = Respond(step)
        await asyncio.sleep(step.delay_s)
        if step.body is None and step.status >= 400:
            step = Respond({"error": {"message": f"scripted HTTP {step.status}"}}, step.status,
                           step.headers, text=step.text)
        if step.text is not None:
            return web.Response(status=step.status, text=step.text, headers=step.headers)
        if (endpoint == "chat" and isinstance(body, dict) and body.get("stream")
                and step.status == 200 and isinstance(step.body, dict) and "choices" in step.body):
            return await _stream(request, step.body, step.headers)
        return web.json_response(step.body, status=step.status, headers=step.headers)


def completion_chunks(completion: dict[str, Any]) -> list[dict[str, Any]]:
    """The chat.completion.chunk events streaming `completion`: the role, the content,
    each tool call (id, name, then its arguments), the finish reason, the usage."""
    base = {"id": completion.get("id", "chatcmpl-fake"), "object": "chat.completion.chunk",
            "model": completion.get("model", "fake-model")}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return dict(base, choices=[{"index": 0, "delta": delta, "finish_reason": finish}])

    choice = completion["choices"][0]
    message = choice.get("message") or {}
    chunks = [chunk({"role": "assistant", "content": ""})]
    if message.get("content"):
        chunks.append(chunk({"content": message["content"]}))
    for index, call in enumerate(message.get("tool_calls") or []):
        function = call["function"]
        chunks.append(chunk({"tool_calls": [{"index": index, "id": call["id"],
                                             "type": "function",
                                             "function": {"name": function["name"],
                                                          "arguments": ""}}]}))
        chunks.append(chunk({"tool_calls": [{"index": index, "function": {
            "arguments": function["arguments"]}}]}))
    chunks.append(chunk({}, choice.get("finish_reason") or "stop"))
    if completion.get("usage"):
        chunks.append(dict(base, choices=[], usage=completion["usage"]))
    return chunks


async def _stream(request: web.Request, completion: dict[str, Any],
                  headers: dict[str, str]) -> web.StreamResponse:
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                           "Cache-Control": "no-cache", **headers})
    await response.prepare(request)
    for event in completion_chunks(completion):
        await response.write(f"data: {json.dumps(event, ensure_ascii=False)}\n\n".encode())
    await response.write(b"data: [DONE]\n\n")
    await response.write_eof()
    return response
