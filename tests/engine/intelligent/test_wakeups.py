"""Background wake-ups: a failing notifier never fails the caller; the notifier is set late."""

from __future__ import annotations

import asyncio
import logging

import pytest

from agenteval.engine.intelligent.wakeups import NoneNotifier, Role, WakeUps


class Recorder:
    def __init__(self) -> None:
        self.woken: list[tuple[str, Role, int]] = []

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        self.woken.append((eval_id, role, revision))


async def test_a_failing_wake_up_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        async def wake(self, eval_id: str, role: str, revision: int) -> None:
            raise RuntimeError("gateway down")

    wakeups = WakeUps(Broken())
    with caplog.at_level(logging.ERROR, logger="agenteval.notifier"):
        wakeups.wake("e1", "planner", 0)
        await wakeups.drain()
    assert any("waking the planner of eval e1 failed" in r.message for r in caplog.records)


async def test_wake_ups_go_nowhere_until_the_root_sets_the_notifier() -> None:
    wakeups = WakeUps()
    assert isinstance(wakeups.notifier, NoneNotifier)
    wakeups.wake("e1", "planner", 0)
    await wakeups.drain()

    recorder = Recorder()
    wakeups.notifier = recorder
    wakeups.wake("e1", "analyst", 2)
    await wakeups.drain()
    assert recorder.woken == [("e1", "analyst", 2)]


async def test_closing_cancels_the_wake_ups_in_flight() -> None:
    class Slow:
        cancelled = False

        async def wake(self, eval_id: str, role: str, revision: int) -> None:
            try:
                await asyncio.sleep(60)
            except BaseException:
                Slow.cancelled = True
                raise

    wakeups = WakeUps(Slow())
    wakeups.wake("e1", "evaluator", 1)
    await asyncio.sleep(0)
    await wakeups.aclose()
    assert Slow.cancelled
