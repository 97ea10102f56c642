"""Busy while a child task runs; failed actors forgotten so the next message rebuilds them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from actors import Actor, ActorFailed, ActorSystem, RestartPolicy


class Worker(Actor):
    """"work:<s>" starts a child task sleeping s seconds, which reports "done" by tell."""

    def __init__(self, log: list[Any]) -> None:
        self.log = log

    async def handle(self, message: Any) -> Any:
        if isinstance(message, str) and message.startswith("work:"):
            seconds = float(message.removeprefix("work:"))
            self.start_child(self._work(seconds), name="work")
            return "started"
        self.log.append(message)
        return message

    async def _work(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self.ref.tell("done")


class FailingStart(Actor):
    """Its on_start raises while `broken` holds something."""

    def __init__(self, broken: list[bool], built: list[FailingStart]) -> None:
        self.broken = broken
        built.append(self)

    async def on_start(self) -> None:
        if self.broken:
            raise ConnectionError("database unreachable")

    async def handle(self, message: Any) -> Any:
        return message


@pytest.fixture
async def system() -> AsyncIterator[ActorSystem]:
    system = ActorSystem(idle_timeout=0.05, restart_policy=RestartPolicy(2, 10.0),
                         forget_failed=True)
    yield system
    await system.shutdown(deadline=0.2)


async def test_an_actor_whose_child_task_runs_is_not_passivated(system: ActorSystem) -> None:
    log: list[Any] = []
    ref = await system.get_or_spawn("k", lambda: Worker(log))
    assert await ref.ask("work:0.2") == "started"
    await asyncio.sleep(0.15)  # three idle timeouts with an empty mailbox
    assert ref.is_alive and system.get("k") is ref
    await asyncio.sleep(0.1)
    assert log == ["done"]  # the child reported through the mailbox


async def test_the_idle_clock_starts_when_the_child_task_ends(system: ActorSystem) -> None:
    ref = await system.get_or_spawn("k", lambda: Worker([]))
    await ref.ask("work:0.05")
    await asyncio.sleep(0.2)
    assert ref.is_terminated
    assert "k" not in system


async def test_a_failed_actor_answers_actor_failed_then_the_next_message_rebuilds_it(
    system: ActorSystem,
) -> None:
    broken, built = [True], []  # type: list[bool], list[FailingStart]
    ref = await system.get_or_spawn("k", lambda: FailingStart(broken, built))
    with pytest.raises(ActorFailed) as raised:
        await ref.ask("x")
    assert isinstance(raised.value.cause, ConnectionError)
    assert len(built) == 3  # the first instance and its two restarts
    await ref.wait_terminated()
    assert "k" not in system  # forgotten: no permanent failure for the key

    broken.clear()  # the passing cause is gone
    fresh = await system.get_or_spawn("k", lambda: FailingStart(broken, built))
    assert fresh is not ref
    assert await fresh.ask("x") == "x"


async def test_without_forget_failed_the_failed_actor_stays_registered() -> None:
    system = ActorSystem(restart_policy=RestartPolicy(max_restarts=0))
    built: list[FailingStart] = []
    ref = await system.get_or_spawn("k", lambda: FailingStart([True], built))
    with pytest.raises(ActorFailed):
        await ref.ask("x")
    await ref.wait_terminated()
    assert system.get("k") is ref
    await system.shutdown(deadline=0.1)
