"""The SessionActor's behaviour against in-memory ports — no database, no local server:
turns in order, idempotent retries, refusals, and one turn at a time across processes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence

import pytest

from actors import MemoryLeases
from agenteval.channels import ChannelFactory
from agenteval.channels.mock import mock_channel_type
from agenteval.engine.intelligent import commands
from agenteval.errors import Conflict, InvalidTransition
from agenteval.store.sessions.turn_lease import turn_lease_name
from tests.support.memory_sessions import MemorySessions, memory_engine


class Bot:
    def __init__(self) -> None:
        self.seen: list[tuple[str, int]] = []  # (text, exchanges before it)

    def __call__(self, text: str, history: Sequence[tuple[str, str]]) -> str:
        self.seen.append((text, len(history)))
        return f"reply to {text}"


@pytest.fixture
async def channels() -> AsyncIterator[ChannelFactory]:
    factory = ChannelFactory()
    yield factory
    await factory.aclose()


def _setup(channels: ChannelFactory) -> tuple[Bot, MemorySessions]:
    bot = Bot()
    channels.register(*mock_channel_type(bot))
    return bot, MemorySessions(MemoryLeases("here"))


async def test_turns_are_stored_in_order_over_one_conversation(
        channels: ChannelFactory) -> None:
    bot, store = _setup(channels)
    engine = memory_engine(store, channels)
    session = store.add_session()
    first = await engine.ask_session(session.id, commands.SendMessage("hi", None))
    second = await engine.ask_session(session.id, commands.SendMessage("and?", None))
    assert (first.user.index, first.reply.index, second.user.index) == (0, 1, 2)
    assert second.reply.content == "reply to and?" and second.session.turn_count == 2
    assert bot.seen == [("hi", 0), ("and?", 1)]
    assert [e.sequence for e in store.events] == [1, 2]
    assert store.leases.table[turn_lease_name(session.id)].owner == ""  # given up each turn
    await engine.owned.shutdown()


async def test_a_retried_key_answers_the_stored_exchange_without_calling_the_target(
        channels: ChannelFactory) -> None:
    bot, store = _setup(channels)
    engine = memory_engine(store, channels)
    session = store.add_session()
    sent = await engine.ask_session(session.id, commands.SendMessage("hi", "k1"))
    again = await engine.ask_session(session.id, commands.SendMessage("hi", "k1"))
    assert again.reply.id == sent.reply.id and len(bot.seen) == 1
    with pytest.raises(Conflict):
        await engine.ask_session(session.id, commands.SendMessage("other", "k1"))
    await engine.owned.shutdown()


async def test_a_closed_session_refuses_a_message_before_the_target_is_called(
        channels: ChannelFactory) -> None:
    bot, store = _setup(channels)
    engine = memory_engine(store, channels)
    session = store.add_session()
    await engine.ask_session(session.id, commands.SendMessage("hi", None))
    verdict = {"goalAchieved": True, "achievement": 1.0, "issues": []}
    # Through the runtime directly: the engine would go on to tell the eval's actor.
    await engine.owned.ask("session", str(session.id), commands.CloseSession(verdict))
    with pytest.raises(InvalidTransition):
        await engine.ask_session(session.id, commands.SendMessage("more", None))
    assert len(bot.seen) == 1
    await engine.owned.shutdown()


async def test_a_turn_waits_for_another_process_turn_then_continues_after_it(
        channels: ChannelFactory) -> None:
    bot, store = _setup(channels)
    engine = memory_engine(store, channels)
    session = store.add_session()
    await engine.ask_session(session.id, commands.SendMessage("one", None))
    # Another process on the same store and leases takes the next turn.
    other_bot = Bot()
    other_channels = ChannelFactory()
    other_channels.register(*mock_channel_type(other_bot))
    other_store = store.sharing("there")
    other = memory_engine(other_store, other_channels)
    held = await other_store.leases.claim(turn_lease_name(session.id), 30)
    assert held is not None  # its turn is in flight
    waiting = asyncio.create_task(
        engine.ask_session(session.id, commands.SendMessage("three", None)))
    await asyncio.sleep(0.1)
    assert not waiting.done()
    await other_store.leases.release(held)
    two = await other.ask_session(session.id, commands.SendMessage("two", None))
    three = await asyncio.wait_for(waiting, 5)
    # Whichever went first, each turn went out once, in order, over the whole history.
    assert sorted((two.user.turn_index, three.user.turn_index)) == [1, 2]
    assert [m.content for m in await store.messages(session.id) if m.role == "USER"] == (
        ["one", "two", "three"] if two.user.turn_index == 1 else ["one", "three", "two"])
    # Each process's channel was rebuilt from the stored transcript before its turn.
    assert sorted(before for _, before in bot.seen + other_bot.seen) == [0, 1, 2]
    await engine.owned.shutdown()
    await other.owned.shutdown()
    await other_channels.aclose()
