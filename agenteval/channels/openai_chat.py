"""`openai_chat`: an OpenAI-compatible chat completions endpoint (OpenAI, vLLM, Ollama …).

The endpoint is stateless, so the channel keeps the conversation and sends all
of it each turn; a re-opened channel starts from `ConversationState.history`.
"""

from __future__ import annotations

from agenteval.channels.base import Channel, ConversationState, Reply
from agenteval.channels.context import ChannelContext
from agenteval.channels.payload import extract_reply_text, parse_json_reply
from agenteval.channels.reliability import (
    call_with_retries,
    http_exchange,
    reliability_properties,
    retry_policy,
)

NAME = "openai_chat"
DESCRIPTION = (
    "OpenAI-compatible chat completions API (POST {base_url}/chat/completions). "
    "The whole conversation is sent each turn."
)
CONFIG_SCHEMA: dict = {
    "type": "object",
    "required": ["base_url", "model"],
    "additionalProperties": False,
    "properties": {
        "base_url": {
            "type": "string",
            "pattern": "^https?://",
            "description": "The API root, e.g. http://localhost:8000/v1",
        },
        "model": {"type": "string", "minLength": 1},
        "api_key": {"type": "string", "writeOnly": True, "description": "Sent as a Bearer token."},
        "system_prompt": {"type": "string", "description": "Sent first, as the system message."},
        "params": {
            "type": "object",
            "default": {},
            "description": "Merged into the request body: temperature, max_tokens …",
        },
        **reliability_properties(default_timeout_s=30),
    },
}

REPLY_PATH = "choices.0.message.content"


class OpenAIChatChannel(Channel):
    def __init__(self, context: ChannelContext, state: ConversationState | None = None) -> None:
        super().__init__(state)
        self._context = context
        config = context.config
        self._url = config["base_url"].rstrip("/") + "/chat/completions"
        self._headers = (
            {"Authorization": f"Bearer {config['api_key']}"} if config.get("api_key") else {}
        )
        self._policy = retry_policy(config)

    def _request_body(self, text: str) -> dict:
        config = self._context.config
        messages: list[dict[str, str]] = []
        if config.get("system_prompt"):
            messages.append({"role": "system", "content": config["system_prompt"]})
        for user_text, assistant_text in self._history:
            messages.append({"role": "user", "content": user_text})
            messages.append({"role": "assistant", "content": assistant_text})
        messages.append({"role": "user", "content": text})
        return {**config["params"], "model": config["model"], "messages": messages}

    async def send(self, text: str) -> Reply:
        self._next_turn()
        body = self._request_body(text)
        session = await self._context.http_session()

        async def attempt() -> Reply:
            answer = await http_exchange(
                session,
                self._context.limiter,
                method="POST",
                url=self._url,
                timeout_s=float(self._context.config["timeout_s"]),
                headers=self._headers,
                json_body=body,
            )
            document = parse_json_reply(answer.body)
            return Reply(
                extract_reply_text(document, REPLY_PATH, answer.body), answer.latency_ms, document
            )

        reply = await call_with_retries(self._policy, attempt)
        self._remember(text, reply.text)
        return reply
