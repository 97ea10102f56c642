"""One actor on its own: ask/tell, hooks, stop semantics, ordering, mailbox bounds, crashes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from actors import (
    Actor,
    ActorFailed,
    ActorStopped,
    MailboxFull,
    RestartPolicy,
    spawn,
)


class ValidationError(Exception):
    pass


class Recorder(Actor):
    """Records every hook and message; messages are commands (see handle)."""

    def __init__(self, log: list[Any] | None = None) -> None:
        self.log: list[Any] = [] if log is None else log
        self.gate = asyncio.Event()

    async def on_start(self) -> None:
        self.log.append("start")

    async def on_stop(self) -> None:
        self.log.append("stop")

    async def on_failure(self, exc: Exception, message: Any) -> None:
        self.log.append(("failure", message, str(exc)))

    async def handle(self, message: Any) -> Any:
        self.log.append(message)
        if message == "raise":
            raise ValidationError("bad input")
        if message == "block":
            await self.gate.wait()
        return f"handled {message}"


async def test_ask_returns_the_handlers_result() -> None:
    ref = spawn(Recorder)
    assert await ref.ask("a") == "handled a"
    await ref.stop()


async def test_ask_reraises_the_handlers_exception_and_the_actor_keeps_going() -> None:
    ref = spawn(Recorder)
    with pytest.raises(ValidationError, match="bad input"):
        await ref.ask("raise")
    assert await ref.ask("after") == "handled after"
    assert ref.is_alive
    await ref.stop()


async def test_ask_times_out_with_timeout_error() -> None:
    ref = spawn(Recorder)
    with pytest.raises(TimeoutError):
        await ref.ask("block", timeout=0.02)
    ref.cancel()
    await ref.wait_terminated()


async def test_an_ask_that_timed_out_is_still_handled() -> None:
    log: list[Any] = []
    actor = Recorder(log)
    ref = spawn(lambda: actor)
    with pytest.raises(TimeoutError):
        await ref.ask("block", timeout=0.02)
    actor.gate.set()
    assert await ref.ask("next") == "handled next"
    assert log == ["start", "block", "next"]
    await ref.stop()


async def test_tell_failure_goes_to_on_failure_and_the_actor_keeps_going() -> None:
    log: list[Any] = []
    ref = spawn(lambda: Recorder(log))
    await ref.tell("raise")
    assert await ref.ask("after") == "handled after"
    assert ("failure", "raise", "bad input") in log
    assert ref.is_alive
    await ref.stop()


async def test_hooks_run_in_order_start_messages_stop() -> None:
    log: list[Any] = []
    ref = spawn(lambda: Recorder(log))
    await ref.tell("a")
    await ref.ask("b")
    await ref.stop()
    assert log == ["start", "a", "b", "stop"]
    assert ref.is_terminated


async def test_stop_handles_earlier_messages_first() -> None:
    log: list[Any] = []
    ref = spawn(lambda: Recorder(log))
    for index in range(5):
        await ref.tell(index)
    pending_ask = asyncio.ensure_future(ref.ask("last"))
    await asyncio.sleep(0)  # let the ask reach the mailbox before the stop
    await ref.stop()
    assert await pending_ask == "handled last"
    assert log == ["start", 0, 1, 2, 3, 4, "last", "stop"]


async def test_messages_sent_after_stop_raise_actor_stopped() -> None:
    ref = spawn(Recorder)
    ref.request_stop()
    assert not ref.is_alive
    with pytest.raises(ActorStopped):
        await ref.ask("late")
    with pytest.raises(ActorStopped):
        await ref.tell("late")
    with pytest.raises(ActorStopped):
        ref.tell_nowait("late")
    await ref.wait_terminated()
    with pytest.raises(ActorStopped, match="is stopped"):
        await ref.ask("later")


async def test_messages_left_in_queue_after_actor_stops_receive_an_error() -> None:
    log: list[Any] = []
    ref = spawn(lambda: Recorder(log))
    in_progress = asyncio.ensure_future(ref.ask("block"))
    queued = [asyncio.ensure_future(ref.ask(index)) for index in range(3)]
    await asyncio.sleep(0.01)
    ref.cancel()  # what shutdown does at its deadline
    for future in [in_progress, *queued]:
        with pytest.raises(ActorStopped):
            await future
    await ref.wait_terminated()
    assert log == ["start", "block", "stop"]


async def test_many_concurrent_asks_are_handled_one_at_a_time_in_order() -> None:
    class Tracker(Actor):
        def __init__(self) -> None:
            self.active = 0
            self.max_active = 0
            self.order: list[int] = []

        async def handle(self, message: int) -> int:
            self.active += 1
            self.max_active = max(self.max_active, self.active)
            await asyncio.sleep(0)  # give any other handler the chance to interleave
            self.order.append(message)
            self.active -= 1
            return message * 2

    tracker = Tracker()
    ref = spawn(lambda: tracker)
    results = await asyncio.gather(*(ref.ask(index) for index in range(200)))
    assert results == [index * 2 for index in range(200)]
    assert tracker.max_active == 1
    assert tracker.order == list(range(200))
    await ref.stop()


class SmallMailbox(Recorder):
    mailbox_size = 2


async def test_tell_nowait_raises_mailbox_full() -> None:
    actor = SmallMailbox()
    ref = spawn(lambda: actor)
    await ref.tell("block")
    await asyncio.sleep(0.01)  # the actor is now busy with "block"
    ref.tell_nowait(1)
    ref.tell_nowait(2)
    with pytest.raises(MailboxFull):
        ref.tell_nowait(3)
    actor.gate.set()
    await ref.stop()
    assert actor.log == ["start", "block", 1, 2, "stop"]


async def test_tell_waits_for_space_while_the_mailbox_is_full() -> None:
    actor = SmallMailbox()
    ref = spawn(lambda: actor)
    await ref.tell("block")
    await asyncio.sleep(0.01)
    await ref.tell(1)
    await ref.tell(2)
    third = asyncio.ensure_future(ref.tell(3))
    await asyncio.sleep(0.01)
    assert not third.done()
    actor.gate.set()
    await asyncio.wait_for(third, 1)
    await ref.stop()
    assert actor.log == ["start", "block", 1, 2, 3, "stop"]


async def test_a_tell_waiting_for_space_fails_when_the_actor_stops() -> None:
    actor = SmallMailbox()
    ref = spawn(lambda: actor)
    await ref.tell("block")
    await asyncio.sleep(0.01)
    await ref.tell(1)
    await ref.tell(2)
    waiting = asyncio.ensure_future(ref.tell(3))
    await asyncio.sleep(0.01)
    ref.request_stop()
    actor.gate.set()
    with pytest.raises(ActorStopped):
        await waiting
    await ref.wait_terminated()
    assert actor.log == ["start", "block", 1, 2, "stop"]


async def test_an_actor_can_stop_itself_from_its_handler() -> None:
    class SelfStopping(Recorder):
        async def handle(self, message: Any) -> Any:
            if message == "quit":
                await self.ref.stop()
            return await super().handle(message)

    log: list[Any] = []
    ref = spawn(lambda: SelfStopping(log))
    assert await ref.ask("quit") == "handled quit"
    await ref.wait_terminated()
    assert log == ["start", "quit", "stop"]


class Counted(Recorder):
    """A Recorder whose instances are numbered, to see restarts."""

    instances: list[Counted]

    def __init__(self, log: list[Any]) -> None:
        super().__init__(log)
        Counted.instances.append(self)


@pytest.fixture(autouse=True)
def reset_counted() -> None:
    Counted.instances = []


async def test_a_raising_on_failure_crashes_and_a_fresh_instance_keeps_the_mailbox() -> None:
    class CrashOnTellFailure(Counted):
        async def on_failure(self, exc: Exception, message: Any) -> None:
            raise exc

    log: list[Any] = []
    ref = spawn(lambda: CrashOnTellFailure(log), restart_policy=RestartPolicy(max_restarts=1))
    await ref.tell("raise")
    assert await ref.ask("after") == "handled after"
    assert len(Counted.instances) == 2
    assert log == ["start", "raise", "stop", "start", "after"]
    await ref.stop()


async def test_a_fatal_error_from_an_ask_reaches_the_caller_and_restarts_the_actor() -> None:
    class FatalValidation(Counted):
        fatal_errors = (ValidationError,)

    log: list[Any] = []
    ref = spawn(lambda: FatalValidation(log), restart_policy=RestartPolicy(max_restarts=1))
    with pytest.raises(ValidationError):
        await ref.ask("raise")
    assert await ref.ask("after") == "handled after"
    assert len(Counted.instances) == 2
    await ref.stop()


async def test_without_restarts_the_first_crash_fails_the_actor() -> None:
    class FailingStart(Counted):
        async def on_start(self) -> None:
            raise RuntimeError("cannot load state")

    failures: list[tuple[Any, BaseException]] = []
    ref = spawn(
        lambda: FailingStart([]), key="k", on_failed=lambda key, exc: failures.append((key, exc))
    )
    with pytest.raises(ActorFailed, match="cannot load state") as raised:
        await ref.ask("hello")
    assert isinstance(raised.value.cause, RuntimeError)
    await ref.wait_terminated()
    assert [(key, str(exc)) for key, exc in failures] == [("k", "cannot load state")]
    assert len(Counted.instances) == 1
    with pytest.raises(ActorFailed):
        await ref.tell("later")


async def test_an_actor_with_mail_waiting_is_not_idle() -> None:
    ref = spawn(Recorder)
    await asyncio.sleep(0.02)
    assert ref.idle_seconds() >= 0.01
    ref.tell_nowait("x")
    assert ref.idle_seconds() == 0
    await ref.stop()
