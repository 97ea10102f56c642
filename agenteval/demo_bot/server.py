"""Mia over HTTP: an OpenAI-compatible endpoint and a plain JSON chat endpoint.

* `POST /v1/chat/completions` — stateless: the state is rebuilt by replaying
  the user messages of `messages` (assistant messages are ignored).
* `POST /chat` — `{"message": ..., "session_id": optional}` →
  `{"reply": ..., "session_id": ...}`; state kept here per session_id.
* `GET /health`, `GET /v1/models`.

`agenteval demo-bot --port P` calls `run(host, port)`.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import OrderedDict
from typing import Any, cast

from aiohttp import web

from agenteval.demo_bot.actions import (
    actions_of_turn,
    answered_since_last_user,
    offers_tool,
    ticket_tool_calls,
)
from agenteval.demo_bot.bot import BotState, LanguageSetting, replay, reply

MODEL_NAME = "homecare-mia"
MAX_SESSIONS = 10_000  # oldest sessions are forgotten beyond this
SESSIONS_KEY = web.AppKey("sessions", OrderedDict)
LANGUAGE_KEY = web.AppKey("language", str)


def create_app(language: LanguageSetting = "auto") -> web.Application:
    if language not in ("auto", "zh", "en"):
        raise ValueError(f"language must be auto, zh or en, not {language!r}")
    app = web.Application()
    app[SESSIONS_KEY] = OrderedDict()
    app[LANGUAGE_KEY] = language
    app.router.add_post("/v1/chat/completions", chat_completions)
    app.router.add_get("/v1/models", list_models)
    app.router.add_post("/chat", chat)
    app.router.add_get("/health", health)
    return app


def _language(request: web.Request) -> LanguageSetting:
    return cast(LanguageSetting, request.app[LANGUAGE_KEY])


def _bad_request(message: str) -> web.Response:
    return web.json_response(
        {"error": {"message": message, "type": "invalid_request_error"}}, status=400
    )


async def _json_object(request: web.Request) -> dict[str, Any] | None:
    try:
        body = await request.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _text_of(content: Any) -> str:
    """OpenAI message content: a string or a list of parts ({"type": "text", "text": ...})."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


async def chat_completions(request: web.Request) -> web.Response:
    body = await _json_object(request)
    if body is None or not isinstance(body.get("messages"), list):
        return _bad_request("body must be a JSON object with a 'messages' list")
    user_messages = [
        _text_of(m.get("content"))
        for m in body["messages"]
        if isinstance(m, dict) and m.get("role") == "user"
    ]
    if not user_messages:
        return _bad_request("'messages' has no user message")
    before, _ = replay(user_messages[:-1], _language(request))
    state, answer = reply(before, user_messages[-1])
    message: dict[str, Any] = {"role": "assistant", "content": answer}
    actions = actions_of_turn(before, state)
    if actions and offers_tool(body, "create_ticket") and not answered_since_last_user(
            body["messages"]):
        message = {"role": "assistant", "content": None,
                   "tool_calls": ticket_tool_calls(actions, len(user_messages))}
    return web.json_response(
        {
            "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model") or MODEL_NAME,
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": "tool_calls" if "tool_calls" in message else "stop",
                }
            ],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }
    )


async def chat(request: web.Request) -> web.Response:
    body = await _json_object(request)
    if body is None or not isinstance(body.get("message"), str) or not body["message"].strip():
        return _bad_request("body must be a JSON object with a non-empty 'message' string")
    session_id = str(body.get("session_id") or "") or uuid.uuid4().hex
    sessions: OrderedDict[str, BotState] = request.app[SESSIONS_KEY]
    before = sessions.pop(session_id, None) or BotState(language_setting=_language(request))
    state, answer = reply(before, body["message"])
    sessions[session_id] = state
    while len(sessions) > MAX_SESSIONS:
        sessions.popitem(last=False)
    return web.json_response({"reply": answer, "session_id": session_id,
                              "actions": actions_of_turn(before, state)})


async def list_models(request: web.Request) -> web.Response:
    return web.json_response({"object": "list", "data": [{"id": MODEL_NAME, "object": "model"}]})


async def health(request: web.Request) -> web.Response:
    return web.json_response({"ok": True})


async def serve(
    host: str = "127.0.0.1", port: int = 8765, language: LanguageSetting = "auto"
) -> None:
    """Serve until cancelled."""
    runner = web.AppRunner(create_app(language))
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
        print(
            f"Mia (HomeCare demo bot) on http://{host}:{port}  "
            f"(OpenAI-compatible: /v1/chat/completions, JSON: /chat)",
            flush=True,
        )
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()


def run(host: str = "127.0.0.1", port: int = 8765, language: LanguageSetting = "auto") -> None:
    """Blocking entry point for `agenteval demo-bot --port P`."""
    try:
        asyncio.run(serve(host, port, language))
    except KeyboardInterrupt:
        pass
