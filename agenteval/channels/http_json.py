"""`http`: a generic JSON bot API (one HTTP request per user message).

The request body is a JSON template in which `{{message}}`, `{{session_id}}`
and `{{turn}}` are replaced inside every string. `{{session_id}}` is:

* with `session_id_path`: the conversation id the target returned (read from
  each reply at that path), and "" until the target has given one — as the
  Dify chat API expects;
* without it: a stable id generated for this conversation (uuid4 hex), so a
  target that keys its state on the id the client sends keeps the thread.

Either way it is `conversation_id`, so it survives a re-open from state.
`{{turn}}` is the 0-based index of the user turn being sent.
"""

from __future__ import annotations

import uuid

from agenteval.channels.base import Channel, ConversationState, Reply
from agenteval.channels.context import ChannelContext
from agenteval.channels.payload import (
    extract_optional_text,
    extract_reply_text,
    parse_json_reply,
    render_template,
)
from agenteval.channels.registry import register_channel
from agenteval.channels.reliability import reliability_properties
from agenteval.net.http_attempt import HttpAnswer

NAME = "http"
DESCRIPTION = (
    "Generic JSON bot API: a request built from a body template per user message; "
    "the reply (and optionally the target's conversation id) read from dot paths."
)
DEFAULT_BODY = {"message": "{{message}}", "session_id": "{{session_id}}"}
CONFIG_SCHEMA: dict = {
    "type": "object",
    "required": ["url", "reply_path"],
    "additionalProperties": False,
    "properties": {
        "url": {"type": "string", "pattern": "^https?://"},
        "method": {"enum": ["POST", "PUT", "PATCH", "GET"], "default": "POST"},
        "headers": {
            "type": "object",
            "additionalProperties": {"type": "string", "writeOnly": True},
            "default": {},
            "description": "Request headers; values are secrets (they often carry tokens).",
        },
        "body": {
            "default": DEFAULT_BODY,
            "description": "JSON template; {{message}}, {{session_id}}, {{turn}} are replaced "
            "inside strings. With GET, a flat object becomes the query string.",
        },
        "reply_path": {
            "type": "string",
            "minLength": 1,
            "description": "Dot path to the reply text, e.g. data.answer or choices.0.message.content",
        },
        "session_id_path": {
            "type": "string",
            "minLength": 1,
            "description": "Dot path where the target returns its own conversation id.",
        },
        **reliability_properties(default_timeout_s=30, default_retry_on_timeout=True),
    },
}


@register_channel(name=NAME, description=DESCRIPTION, config_schema=CONFIG_SCHEMA)
class HttpJsonChannel(Channel):
    def __init__(self, context: ChannelContext, state: ConversationState | None = None) -> None:
        super().__init__(state)
        self._context = context
        self._target_assigns_id = bool(context.config.get("session_id_path"))
        stored_id = state.conversation_id if state else None
        if self._target_assigns_id:
            self._session_id = stored_id or ""
        else:
            self._session_id = stored_id or uuid.uuid4().hex

    @property
    def conversation_id(self) -> str | None:
        return self._session_id or None

    async def send(self, text: str) -> Reply:
        config = self._context.config
        turn = self._next_turn()
        payload = render_template(
            config["body"], {"message": text, "session_id": self._session_id, "turn": str(turn)}
        )
        as_query = config["method"] == "GET" and isinstance(payload, dict)
        reply_path = config["reply_path"]

        def decode(answer: HttpAnswer) -> Reply:  # inside the retried attempt
            document = parse_json_reply(answer.body)
            return Reply(extract_reply_text(document, reply_path, answer.body),
                         answer.latency_ms, document)

        reply = await self._context.exchange(
            config["method"], config["url"], decode,
            headers=config["headers"],
            json_body=None if as_query else payload,
            params={k: str(v) for k, v in payload.items()} if as_query else None,
            retry_on_timeout=bool(config.get("retry_on_timeout", True)),
        )
        if self._target_assigns_id:
            self._session_id = (
                extract_optional_text(reply.raw, config["session_id_path"]) or self._session_id
            )
        self._remember(text, reply.text)
        return reply
