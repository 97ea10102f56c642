"""MockChannel: a target answered by a test's function, through the factory like any other."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from agenteval.channels import ChannelError, ChannelFactory, TargetSpec
from agenteval.channels.base import ConversationState, Reply
from agenteval.channels.mock import MockChannel, mock_channel_type


def echo(text: str, history: Sequence[tuple[str, str]]) -> str:
    return f"{text} #{len(history)}"


async def test_the_handler_answers_each_turn_and_sees_the_exchanges_before_it() -> None:
    channel = MockChannel(echo, ConversationState(None, [("earlier", "answer")]))
    assert (await channel.send("hi")).text == "hi #1"
    assert (await channel.send("again")).text == "again #2"
    assert channel.state.history[-2:] == [("hi", "hi #1"), ("again", "again #2")]
    assert channel.sent == ["hi", "again"]


async def test_a_coroutine_handler_may_answer_a_whole_reply_or_fail_as_the_target() -> None:
    async def answer(text: str, history: Sequence[tuple[str, str]]) -> Reply:
        if text == "break":
            raise ChannelError("http_status", "503 from the mock", status=503)
        return Reply(text="ok", latency_ms=42, raw={"text": "ok"})

    channel = MockChannel(answer)
    assert (await channel.send("hello")) == Reply(text="ok", latency_ms=42, raw={"text": "ok"})
    with pytest.raises(ChannelError) as failed:
        await channel.send("break")
    assert failed.value.kind == "http_status"
    assert channel.state.history == [("hello", "ok")]  # a failed turn is not an exchange


async def test_a_registered_mock_type_keeps_the_target_max_concurrency(
        factory: ChannelFactory) -> None:
    in_flight, most = 0, 0

    async def slow(text: str, history: Sequence[tuple[str, str]]) -> str:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0.02)
        in_flight -= 1
        return text.upper()

    factory.register(*mock_channel_type(slow))
    target = TargetSpec("t1", "mock", {}, max_concurrency=2)
    channels = [factory.open(target) for _ in range(6)]
    replies = await asyncio.gather(*(channel.send(f"hi {i}") for i, channel in
                                     enumerate(channels)))
    assert [reply.text for reply in replies] == [f"HI {i}" for i in range(6)]
    assert most == 2
