"""`openai_chat` with `tools`: calls captured per turn, the case's results sent back, the
exchanges resent on later turns, a model that never stops calling refused."""

from __future__ import annotations

import json

import pytest
from aiohttp import web
from channel_targets import FAST

from agenteval.channels import ChannelError, TargetSpec

TOOLS = [{"type": "function", "function": {"name": "lookup_order",
                                           "parameters": {"type": "object"}}}]


def tool_app(seen: list[dict], always_call: bool = False) -> web.Application:
    """Calls lookup_order for a message naming an order, then answers from the tool result."""

    async def handle(request: web.Request) -> web.Response:
        body = await request.json()
        seen.append(body)
        last = body["messages"][-1]
        if last["role"] == "tool" and not always_call:
            status = json.loads(last["content"]).get("status", "unknown")
            message = {"role": "assistant", "content": f"Your order is {status}."}
        elif always_call or "order" in last["content"]:
            message = {"role": "assistant", "content": None, "tool_calls": [{
                "id": f"call{len(seen)}", "type": "function",
                "function": {"name": "lookup_order", "arguments": '{"order_id": "A-1"}'}}]}
        else:
            message = {"role": "assistant", "content": "Hello!"}
        return web.json_response({"choices": [{"index": 0, "message": message}]})

    app = web.Application()
    app.router.add_post("/v1/chat/completions", handle)
    return app


def target(base_url: str, **config) -> TargetSpec:
    return TargetSpec("t-tools", "openai_chat", {"base_url": base_url, "model": "m", "tools": TOOLS,
                                                 **FAST, **config})


async def test_calls_are_captured_and_the_model_goes_on_with_the_supplied_results(serve, factory):
    seen: list[dict] = []
    channel = factory.open(target(await serve(tool_app(seen)) + "/v1"))
    channel.supply_tool_results({"lookup_order": {"calls": [{"status": "shipped"},
                                                            {"status": "lost"}]}})
    first = await channel.send("where is my order?")
    assert first.text == "Your order is shipped."
    assert first.tool_calls == [{"name": "lookup_order", "arguments": {"order_id": "A-1"}}]
    assert seen[0]["tools"] == TOOLS
    second = await channel.send("hi")
    assert (second.text, second.tool_calls) == ("Hello!", [])
    # the second turn resends the first turn's tool exchange between its user message and reply
    roles = [m["role"] for m in seen[-1]["messages"]]
    assert roles == ["user", "assistant", "tool", "assistant", "user"]
    third = await channel.send("and my other order?")
    assert third.text == "Your order is lost."  # the next result in order


async def test_a_model_that_keeps_calling_tools_is_a_bad_response(serve, factory):
    channel = factory.open(target(await serve(tool_app([], always_call=True)) + "/v1",
                                  max_tool_rounds=2))
    with pytest.raises(ChannelError) as raised:
        await channel.send("order?")
    assert raised.value.kind == "bad_response" and "max_tool_rounds" in raised.value.message


async def test_without_tools_nothing_changes(serve, factory):
    seen: list[dict] = []
    channel = factory.open(TargetSpec("t", "openai_chat", {
        "base_url": await serve(tool_app(seen)) + "/v1", "model": "m", **FAST}))
    reply = await channel.send("hi")
    assert reply.tool_calls is None and "tools" not in seen[0]
