"""ActorSystem: one actor per key, passivation, supervision, graceful shutdown."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from functools import partial
from typing import Any

import pytest

from actors import Actor, ActorFailed, ActorStopped, ActorSystem, RestartPolicy


class Business(Exception):
    """A normal business error (e.g. validation) raised from a handler."""


class Entity(Actor):
    """Counts messages; commands: "raise" (business error), "crash" (tell crash), "sleep:<s>"."""

    def __init__(self, spawned: list[Entity] | None = None, log: list[Any] | None = None) -> None:
        self.handled = 0
        self.log = log if log is not None else []
        if spawned is not None:
            spawned.append(self)

    async def on_stop(self) -> None:
        self.log.append("stop")

    async def on_failure(self, exc: Exception, message: Any) -> None:
        if message == "crash":
            raise exc  # this entity treats a failed "crash" tell as fatal

    async def handle(self, message: Any) -> Any:
        if message in ("raise", "crash"):
            raise Business(message)
        if isinstance(message, str) and message.startswith("sleep:"):
            await asyncio.sleep(float(message.removeprefix("sleep:")))
        self.handled += 1
        self.log.append(message)
        return self.handled


@pytest.fixture
async def system() -> AsyncIterator[ActorSystem]:
    system = ActorSystem(idle_timeout=0.05, restart_policy=RestartPolicy(2, 10.0))
    yield system
    await system.shutdown(deadline=0.1)


async def test_get_or_spawn_returns_the_same_actor_for_a_key(system: ActorSystem) -> None:
    first = await system.get_or_spawn("a", Entity)
    again = await system.get_or_spawn("a", Entity)
    other = await system.get_or_spawn("b", Entity)
    assert first is again
    assert other is not first
    assert system.get("a") is first
    assert system.get("missing") is None


async def test_concurrent_get_or_spawn_for_one_key_yields_one_actor(system: ActorSystem) -> None:
    spawned: list[Entity] = []
    refs = await asyncio.gather(
        *(system.get_or_spawn("k", lambda: Entity(spawned)) for _ in range(50))
    )
    assert len(spawned) == 1
    assert all(ref is refs[0] for ref in refs)
    assert await refs[0].ask("x") == 1


async def test_stop_key_stops_the_actor_and_forgets_it(system: ActorSystem) -> None:
    spawned: list[Entity] = []
    ref = await system.get_or_spawn("k", lambda: Entity(spawned))
    await ref.tell("x")
    await system.stop("k")
    assert spawned[0].log == ["x", "stop"]
    assert system.get("k") is None
    with pytest.raises(ActorStopped):
        await ref.ask("y")
    await system.stop("k")  # stopping an unknown key is a no-op


async def test_idle_actor_is_passivated_and_the_next_get_or_spawn_makes_a_fresh_one(
    system: ActorSystem,
) -> None:
    spawned: list[Entity] = []
    ref = await system.get_or_spawn("k", lambda: Entity(spawned))
    assert await ref.ask("x") == 1
    await asyncio.sleep(0.15)
    assert ref.is_terminated
    assert "k" not in system
    assert spawned[0].log == ["x", "stop"]
    fresh = await system.get_or_spawn("k", lambda: Entity(spawned))
    assert fresh is not ref
    assert await fresh.ask("y") == 1
    assert len(spawned) == 2


async def test_busy_actor_is_not_passivated(system: ActorSystem) -> None:
    ref = await system.get_or_spawn("k", Entity)
    assert await ref.ask("sleep:0.12") == 1
    assert ref.is_alive
    assert system.get("k") is ref


async def test_get_or_spawn_waits_for_a_stopping_actor_before_spawning_its_successor(
    system: ActorSystem,
) -> None:
    log: list[Any] = []
    old = await system.get_or_spawn("k", lambda: Entity(log=log))
    await old.tell("sleep:0.03")
    old.request_stop()
    new = await system.get_or_spawn("k", lambda: Entity(log=log))
    assert new is not old
    assert log == ["sleep:0.03", "stop"]  # the old one had finished before the new one
    assert await new.ask("x") == 1


async def test_ask_errors_are_business_errors_not_crashes(system: ActorSystem) -> None:
    spawned: list[Entity] = []
    ref = await system.get_or_spawn("k", lambda: Entity(spawned))
    for _ in range(5):
        with pytest.raises(Business):
            await ref.ask("raise")
    assert await ref.ask("x") == 1  # state kept: still the first instance
    assert len(spawned) == 1


async def test_crashing_actor_is_restarted_at_most_n_times_then_reported_failed() -> None:
    failures: list[tuple[Any, BaseException]] = []
    spawned: list[Entity] = []
    system = ActorSystem(
        restart_policy=RestartPolicy(max_restarts=2, within_seconds=10.0),
        on_actor_failed=lambda key, exc: failures.append((key, exc)),
    )
    ref = await system.get_or_spawn("k", lambda: Entity(spawned))
    await ref.tell("crash")
    assert await ref.ask("x") == 1  # restarted: a fresh instance counts from zero
    await ref.tell("crash")
    assert await ref.ask("x") == 1
    assert len(spawned) == 3 and failures == []

    await ref.tell("crash")  # the third crash within the window is one too many
    with pytest.raises(ActorFailed) as raised:
        await ref.ask("x")
    assert isinstance(raised.value.cause, Business)
    await ref.wait_terminated()
    assert len(spawned) == 3
    assert [(key, type(exc)) for key, exc in failures] == [("k", Business)]

    # The failed actor stays registered for its key until it is explicitly stopped.
    assert await system.get_or_spawn("k", lambda: Entity(spawned)) is ref
    with pytest.raises(ActorFailed):
        await ref.tell("x")
    await system.stop("k")
    fresh = await system.get_or_spawn("k", lambda: Entity(spawned))
    assert await fresh.ask("x") == 1
    await system.shutdown(deadline=0.1)


async def test_async_failure_callback_may_forget_the_failed_actor() -> None:
    async def forget(key: Any, exc: BaseException) -> None:
        await forgetful.stop(key)

    forgetful = ActorSystem(restart_policy=RestartPolicy(max_restarts=0), on_actor_failed=forget)
    ref = await forgetful.get_or_spawn("k", Entity)
    await ref.tell("crash")
    await ref.wait_terminated()
    assert "k" not in forgetful
    await forgetful.shutdown(deadline=0.1)


async def test_shutdown_lets_actors_drain_their_mailboxes_before_the_deadline() -> None:
    system = ActorSystem()
    logs: dict[str, list[Any]] = {"a": [], "b": []}
    refs = [await system.get_or_spawn(key, partial(Entity, log=logs[key])) for key in logs]
    asks = [asyncio.ensure_future(ref.ask(f"sleep:0.0{n}")) for n in range(1, 4) for ref in refs]
    await asyncio.sleep(0)
    await system.shutdown(deadline=1.0)
    assert [await ask for ask in asks] == [1, 1, 2, 2, 3, 3]
    assert logs["a"] == ["sleep:0.01", "sleep:0.02", "sleep:0.03", "stop"]
    assert len(system) == 0
    with pytest.raises(ActorStopped, match="shut down"):
        await system.get_or_spawn("c", Entity)


async def test_shutdown_cancels_what_is_left_after_the_deadline() -> None:
    system = ActorSystem()
    log: list[Any] = []
    ref = await system.get_or_spawn("k", lambda: Entity(log=log))
    first = asyncio.ensure_future(ref.ask("sleep:0.01"))
    stuck = asyncio.ensure_future(ref.ask("sleep:10"))
    queued = asyncio.ensure_future(ref.ask("x"))
    await asyncio.sleep(0)
    started = asyncio.get_running_loop().time()
    await system.shutdown(deadline=0.1)
    assert asyncio.get_running_loop().time() - started < 0.5
    assert await first == 1
    with pytest.raises(ActorStopped):
        await stuck
    with pytest.raises(ActorStopped):
        await queued
    assert log == ["sleep:0.01", "stop"]
    assert ref.is_terminated
