"""`openai_chat`: an OpenAI-compatible chat completions endpoint (OpenAI, vLLM, Ollama …).

The endpoint is stateless, so the channel keeps the conversation and sends all
of it each turn; a re-opened channel starts from `ConversationState.history`.

With `tools` (OpenAI function definitions) in the config, the model may answer a
turn with tool calls; the channel records them (`Reply.tool_calls`), answers each
with the result the case supplied (`supply_tool_results`, see tool_calls.py) and
asks again, up to `max_tool_rounds` times, until the model replies with text.
Within one conversation later turns resend those exchanges; a re-opened
conversation has only the text history.

A model behind the endpoint is bounded by `max_tokens` (a reply cut there is
still a reply; `Reply.raw` keeps its `finish_reason`), and a timeout is not
retried by default: a single-slot server is still generating the timed-out
reply, and a retry would only queue behind it.
"""

from __future__ import annotations

import json
from typing import Any

from agenteval.channels.base import Channel, ChannelError, ConversationState, Reply
from agenteval.channels.context import ChannelContext
from agenteval.channels.payload import extract_reply_text, parse_json_reply
from agenteval.channels.registry import register_channel
from agenteval.channels.reliability import reliability_properties
from agenteval.channels.tool_calls import ToolCall, ToolResults, calls_of
from agenteval.net.http_attempt import HttpAnswer

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
        "tools": _field({"type": "array", "items": {"type": "object", "required": ["type", "function"],
                                                    "properties": {"type": {"const": "function"},
                                                                   "function": {"type": "object",
                                                                                "required": ["name"]}}},
                         "minItems": 1},
                        "Tools", "OpenAI function definitions offered to the model; its tool "
                        "calls are recorded per turn and answered with the case's tool_results.",
                        "工具", "提供给模型的 OpenAI 函数定义；模型的工具调用按轮记录，并用用例的 tool_results 作答。"),
        "max_tool_rounds": _field({"type": "integer", "minimum": 1, "maximum": 16, "default": 4},
                                  "Max tool rounds", "Tool-call rounds per turn before the "
                                  "turn counts as a bad response.",
                                  "最大工具轮数", "每轮对话中工具调用的最大往返次数，超出则视为无效响应。"),
        **reliability_properties(default_timeout_s=60, default_retry_on_timeout=False),
    },
}

REPLY_PATH = "choices.0.message.content"


@register_channel(name=NAME, description=DESCRIPTION, config_schema=CONFIG_SCHEMA)
class OpenAIChatChannel(Channel):
    def __init__(self, context: ChannelContext, state: ConversationState | None = None) -> None:
        super().__init__(state)
        self._context = context
        config = context.config
        self._url = config["base_url"].rstrip("/") + "/chat/completions"
        self._headers = (
            {"Authorization": f"Bearer {config['api_key']}"} if config.get("api_key") else {}
        )
        self._tool_results = ToolResults()
        # Per completed turn (by history position): the tool exchanges between its user
        # message and its final reply, resent on later turns of this conversation.
        self._exchanges: dict[int, list[dict[str, Any]]] = {}

    def supply_tool_results(self, results: dict[str, Any]) -> None:
        self._tool_results = ToolResults(dict(results))

    def _request_body(self, text: str, pending: list[dict[str, Any]]) -> dict:
        config = self._context.config
        messages: list[dict[str, Any]] = []
        if config.get("system_prompt"):
            messages.append({"role": "system", "content": config["system_prompt"]})
        for position, (user_text, assistant_text) in enumerate(self._history):
            messages.append({"role": "user", "content": user_text})
            messages += self._exchanges.get(position, [])
            messages.append({"role": "assistant", "content": assistant_text})
        messages.append({"role": "user", "content": text})
        messages += pending
        sampling = {key: config[key] for key in SAMPLING_PROPERTIES if config.get(key) is not None}
        tools = {"tools": config["tools"]} if config.get("tools") else {}
        return {**config.get("params", {}), **config.get("extra_body", {}), **sampling, **tools,
                "model": config["model"], "messages": messages}

    async def send(self, text: str) -> Reply:
        self._next_turn()
        pending: list[dict[str, Any]] = []
        calls: list[ToolCall] = []
        latency_ms = 0
        rounds = int(self._context.config.get("max_tool_rounds") or 4)
        for _ in range(rounds + 1):
            document, reply = await self._complete(text, pending)
            latency_ms += reply.latency_ms
            message = _first_message(document)
            asked = calls_of(message) if self._context.config.get("tools") else []
            if not asked:
                break
            calls += asked
            pending.append({"role": "assistant", "content": message.get("content"),
                            "tool_calls": message.get("tool_calls")})
            pending += [{"role": "tool", "tool_call_id": call.call_id,
                         "content": json.dumps(self._tool_results.result_for(call.name),
                                               ensure_ascii=False)} for call in asked]
        else:
            raise ChannelError("bad_response", f"the model still called tools after "
                                               f"{rounds} rounds (max_tool_rounds)")
        if calls:
            self._exchanges[len(self._history)] = pending
        if self._context.config.get("tools"):  # with tools, "no call" is a fact: []
            reply = Reply(reply.text, latency_ms, document,
                          tool_calls=[call.as_json() for call in calls])
        self._remember(text, reply.text)
        return reply

    async def _complete(self, text: str, pending: list[dict[str, Any]]) -> tuple[Any, Reply]:
        config = self._context.config
        with_tools = bool(config.get("tools"))

        def decode(answer: HttpAnswer) -> Reply:  # inside the retried attempt
            document = parse_json_reply(answer.body)
            if with_tools and calls_of(_first_message(document)):
                # A tool-call round has no text to reply with: the loop goes on.
                return Reply("(tool calls)", answer.latency_ms, document)
            return Reply(
                extract_reply_text(document, REPLY_PATH, answer.body), answer.latency_ms, document
            )

        reply = await self._context.exchange(
            "POST", self._url, decode, headers=self._headers,
            json_body=self._request_body(text, pending),
            retry_on_timeout=bool(config.get("retry_on_timeout", False)),
        )
        return reply.raw, reply


def _first_message(document: Any) -> dict[str, Any]:
    try:
        message = document["choices"][0]["message"]
    except (KeyError, IndexError, TypeError):
        return {}
    return message if isinstance(message, dict) else {}
