"""Mia's HTTP server, reached through the real openai_chat and http channels."""

from __future__ import annotations

import aiohttp
import pytest

from agenteval.channels import ChannelError, ConversationState, TargetSpec
from agenteval.demo_bot.server import create_app

BOOKING = ["我家空调坏了", "我叫王伟", "电话 13800138000", "地址是北京市朝阳区建国路88号"]
FAST = {"timeout_s": 2, "retries": 0}


async def test_openai_compatible_endpoint_through_the_openai_chat_channel(serve, factory):
    base = await serve(create_app())
    spec = TargetSpec(
        "mia-openai", "openai_chat", {"base_url": f"{base}/v1", "model": "homecare-mia", **FAST}
    )
    channel = factory.open(spec)

    replies = [(await channel.send(text)).text for text in BOOKING[:2]]
    reopened = factory.open(spec, channel.state)  # as after a restart
    replies += [(await reopened.send(text)).text for text in BOOKING[2:]]

    assert "怎么称呼" in replies[0] and "联系电话" in replies[1] and "地址" in replies[2]
    assert "预约成功" in replies[3] and "王伟" in replies[3]


async def test_json_chat_endpoint_keeps_state_per_session_through_the_http_channel(serve, factory):
    base = await serve(create_app())
    spec = TargetSpec(
        "mia-http",
        "http",
        {"url": f"{base}/chat", "reply_path": "reply", "session_id_path": "session_id", **FAST},
    )
    channel, other = factory.open(spec), factory.open(spec)

    replies = [(await channel.send(text)).text for text in BOOKING[:3]]
    other_reply = (await other.send(BOOKING[3])).text
    reopened = factory.open(spec, ConversationState(conversation_id=channel.conversation_id))
    replies.append((await reopened.send(BOOKING[3])).text)

    assert channel.conversation_id and channel.conversation_id != other.conversation_id
    assert "预约成功" in replies[3]
    assert "预约成功" not in other_reply  # a new session starts from scratch


async def test_chat_without_session_id_gets_a_new_one(serve):
    base = await serve(create_app(language="en"))
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{base}/chat", json={"message": "你好"}) as response:
            body = await response.json()
    assert "Mia" in body["reply"] and len(body["session_id"]) >= 16


async def test_bad_requests_get_400_which_the_channel_does_not_retry(serve, factory):
    base = await serve(create_app())
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{base}/v1/chat/completions", data="nope") as response:
            assert response.status == 400
        async with session.post(
            f"{base}/v1/chat/completions", json={"messages": [{"role": "system", "content": "x"}]}
        ) as response:
            assert response.status == 400
        async with session.post(f"{base}/chat", json={"message": ""}) as response:
            assert response.status == 400

    spec = TargetSpec(
        "mia-bad",
        "http",
        {"url": f"{base}/chat", "reply_path": "reply", "body": {"text": "{{message}}"}},
    )
    with pytest.raises(ChannelError) as caught:
        await factory.open(spec).send("hi")
    assert (caught.value.kind, caught.value.status) == ("http_status", 400)
    assert "message" in caught.value.message


async def test_openai_content_parts_are_understood(serve):
    base = await serve(create_app())
    body = {
        "messages": [
            {
                "role": "user",
                "content": [{"type": "text", "text": "I want to return my oven, it is faulty"}],
            }
        ]
    }
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{base}/v1/chat/completions", json=body) as response:
            completion = await response.json()
    assert "return accepted" in completion["choices"][0]["message"]["content"]
