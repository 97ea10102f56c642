"""The in-process `demo` channel."""

from __future__ import annotations

from agenteval.channels import ConversationState, TargetSpec

DEMO = TargetSpec("t-demo", "demo", {})


async def test_the_demo_channel_runs_a_booking(factory):
    channel = factory.open(DEMO)
    replies = [
        (await channel.send(text)).text
        for text in ["我家空调坏了", "我叫王伟", "电话 13800138000", "地址是北京市朝阳区建国路88号"]
    ]
    assert "怎么称呼" in replies[0] and "预约成功" in replies[-1]
    assert channel.conversation_id is None


async def test_reopening_replays_the_history_and_continues(factory):
    first = factory.open(DEMO)
    for text in ["My fridge is broken", "My name is Anna Lee"]:
        await first.send(text)

    reopened = factory.open(DEMO, ConversationState(history=first.state.history))
    fresh = factory.open(DEMO)

    assert "address" in (await reopened.send("13800138000")).text
    continued = (await reopened.send("My address is 1 Main Street.")).text
    assert "booked" in continued and "Anna Lee" in continued
    assert "booked" not in (await fresh.send("My address is 1 Main Street.")).text


async def test_the_language_can_be_fixed(factory):
    channel = factory.open(TargetSpec("t-demo-en", "demo", {"language": "en"}))
    assert "Mia" in (await channel.send("你好")).text
