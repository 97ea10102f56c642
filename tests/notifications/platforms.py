"""Local HTTP servers that play each chat platform's incoming webhook.

Each checks the message shape its platform documents and answers the way the
platform does: Feishu `{"code": 0, "msg": "success"}` or a non-zero code with HTTP
200; DingTalk and WeCom `{"errcode": 0, "errmsg": "ok"}` or a non-zero errcode;
Slack `ok` or HTTP 400 `invalid_payload`; JSON accepts any object. `fail_first`
answers HTTP 500 that many times first; `hang_s` waits before answering.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


def feishu_problem(body: Any) -> str | None:
    if body.get("msg_type") != "interactive":
        return "msg_type must be interactive"
    card = body.get("card") or {}
    title = ((card.get("header") or {}).get("title") or {})
    if title.get("tag") != "plain_text" or not title.get("content"):
        return "card.header.title must be plain_text with content"
    elements = card.get("elements")
    if not isinstance(elements, list) or not elements:
        return "card.elements must be a non-empty list"
    for element in elements:
        if element.get("tag") == "div" and element["text"].get("tag") != "lark_md":
            return "div text must be lark_md"
        if element.get("tag") == "action":
            for action in element["actions"]:
                if action.get("tag") != "button" or not action.get("url"):
                    return "actions must be buttons with a url"
    return None


def dingtalk_problem(body: Any) -> str | None:
    markdown = body.get("markdown") or {}
    if body.get("msgtype") != "markdown" or not markdown.get("title") or not markdown.get("text"):
        return "msgtype markdown needs markdown.title and markdown.text"
    return None


def wecom_problem(body: Any) -> str | None:
    content = (body.get("markdown") or {}).get("content")
    if body.get("msgtype") != "markdown" or not isinstance(content, str) or not content:
        return "msgtype markdown needs markdown.content"
    if len(content.encode("utf-8")) > 4096:
        return "markdown.content exceeds 4096 bytes"
    return None


def slack_problem(body: Any) -> str | None:
    if not isinstance(body.get("text"), str) or not body["text"]:
        return "text is required"
    for block in body.get("blocks") or []:
        if block.get("type") not in ("header", "section", "context", "divider", "actions"):
            return f"unknown block type {block.get('type')}"
    return None


PROBLEMS = {"FEISHU": feishu_problem, "DINGTALK": dingtalk_problem, "WECOM": wecom_problem,
            "SLACK": slack_problem, "JSON": lambda body: None}


@dataclass
class PlatformServer:
    """One platform's webhook endpoint; `received` holds every accepted body."""

    format: str
    fail_first: int = 0
    hang_s: float = 0.0
    received: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    requests: int = 0

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/hook/{token}", self.handle)
        return app

    async def handle(self, request: web.Request) -> web.StreamResponse:
        self.requests += 1
        if self.hang_s:
            await asyncio.sleep(self.hang_s)
        if self.fail_first > 0:
            self.fail_first -= 1
            return web.Response(status=500, text="upstream hiccup")
        body = json.loads(await request.read())
        problem = PROBLEMS[self.format](body)
        if problem is not None:
            return self.refuse(problem)
        self.received.append(body)
        self.headers.append(dict(request.headers))
        return self.accept()

    def accept(self) -> web.Response:
        if self.format == "FEISHU":
            return web.json_response({"code": 0, "msg": "success", "data": {}})
        if self.format in ("DINGTALK", "WECOM"):
            return web.json_response({"errcode": 0, "errmsg": "ok"})
        return web.Response(text="ok")

    def refuse(self, problem: str) -> web.Response:
        if self.format == "FEISHU":
            return web.json_response({"code": 19002, "msg": f"params error: {problem}"})
        if self.format in ("DINGTALK", "WECOM"):
            return web.json_response({"errcode": 40035, "errmsg": problem})
        return web.Response(status=400, text="invalid_payload")

    def text(self, index: int = -1) -> str:
        """The human-readable text of a received message (for assertions)."""
        body = self.received[index]
        return json.dumps(body, ensure_ascii=False)
