"""`openai_chat`: an OpenAI-compatible chat completions endpoint (OpenAI, vLLM, Ollama …).

The endpoint is stateless, so the channel keeps the conversation and sends all
of it each turn; a re-opened channel starts from `ConversationState.history`.

A model behind the endpoint is bounded by `max_tokens` (a reply cut there is
still a reply; `Reply.raw` keeps its `finish_reason`), and a timeout is not
retried by default: a single-slot server is still generating the timed-out
reply, and a retry would only queue behind it.
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
REFUSED_BODY_KEYS = ("model", "messages", "stream")


def _field(schema: dict, title: str, description: str, zh_title: str, zh_description: str
           ) -> dict:
    return {**schema, "title": title, "description": description,
            "x-i18n": {"zh": {"title": zh_title, "description": zh_description}}}


# Sent as they are when set; a model left unbounded can talk until the timeout.
SAMPLING_PROPERTIES: dict[str, dict] = {
    "temperature": _field({"type": "number", "minimum": 0, "maximum": 2}, "Temperature",
                          "Sampling temperature; unset leaves the server's default.",
                          "温度", "采样温度；不设则用服务端默认值。"),
    "max_tokens": _field({"type": "integer", "minimum": 1}, "Max tokens",
                         "Longest reply in tokens. Set it for local models, or a runaway "
                         "reply runs into the timeout.",
                         "最大 token 数", "回复的最大 token 数。本地模型请设置，否则失控的回复会一直生成到超时。"),
    "top_p": _field({"type": "number", "exclusiveMinimum": 0, "maximum": 1}, "Top p",
                    "Nucleus sampling mass.", "Top p", "核采样概率质量。"),
    "stop": _field({"oneOf": [{"type": "string", "minLength": 1},
                              {"type": "array", "items": {"type": "string", "minLength": 1},
                               "minItems": 1, "maxItems": 4}]},
                   "Stop sequences", "Text (or up to 4 texts) that ends the reply.",
                   "停止序列", "遇到即结束回复的文本（最多 4 个）。"),
    "seed": _field({"type": "integer"}, "Seed", "Sampling seed, for repeatable replies where "
                   "the server supports it.", "随机种子", "采样种子（服务端支持时回复可复现）。"),
}
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
        **SAMPLING_PROPERTIES,
        "extra_body": {
            "type": "object",
            "default": {},
            "propertyNames": {"not": {"enum": list(REFUSED_BODY_KEYS)}},
            "title": "Extra request fields",
            "description": "Merged into every request body, e.g. "
                           '{"chat_template_kwargs": {"enable_thinking": false}}. '
                           "Not model, messages or stream (the channel sets those).",
            "x-i18n": {"zh": {"title": "附加请求字段",
                              "description": "合并进每个请求体，例如 "
                                             '{"chat_template_kwargs": {"enable_thinking": false}}。'
                                             "不可含 model、messages、stream（由通道设置）。"}},
        },
        "params": {
            "type": "object",
            "default": {},
            "propertyNames": {"not": {"enum": list(REFUSED_BODY_KEYS)}},
            "description": "Older name of extra_body (merged first; extra_body and the fields "
                           "above win).",
        },
        **reliability_properties(default_timeout_s=60, default_retry_on_timeout=False),
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
        sampling = {key: config[key] for key in SAMPLING_PROPERTIES if config.get(key) is not None}
        return {**config.get("params", {}), **config.get("extra_body", {}), **sampling,
                "model": config["model"], "messages": messages}

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
                retry_on_timeout=bool(self._context.config.get("retry_on_timeout", False)),
            )
            document = parse_json_reply(answer.body)
            return Reply(
                extract_reply_text(document, REPLY_PATH, answer.body), answer.latency_ms, document
            )

        reply = await call_with_retries(self._policy, attempt)
        self._remember(text, reply.text)
        return reply
