"""A local OpenAI-compatible chat server whose replies are chosen by the last user message."""

from __future__ import annotations

import time
from collections.abc import Callable

from aiohttp import web

Reply = Callable[[str], str]


def fake_openai(reply: Reply) -> web.Application:
    async def completions(request: web.Request) -> web.Response:
        body = await request.json()
        last = next(m["content"] for m in reversed(body["messages"]) if m["role"] == "user")
        return web.json_response({
            "id": f"chatcmpl-{time.time_ns()}", "object": "chat.completion",
            "created": int(time.time()), "model": body.get("model", "mia-1"),
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": reply(last)}}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})

    app = web.Application()
    app.router.add_post("/v1/chat/completions", completions)
    return app
