"""The notifier registry and background wake-ups."""

from __future__ import annotations

import logging

import pytest

from agenteval.engine.intelligent.wakeups import (
    NoneNotifier,
    WakeUps,
    create_notifier,
    register_driver,
)


def test_unknown_driver_behaves_like_none_and_says_so_once(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="agenteval.notifier"):
        first = create_notifier("not-a-driver-yet")
        second = create_notifier("not-a-driver-yet")
    assert isinstance(first, NoneNotifier) and isinstance(second, NoneNotifier)
    assert sum("not-a-driver-yet" in r.message for r in caplog.records) == 1


def test_registered_driver_is_built_with_the_services() -> None:
    built: list[object] = []

    class Recorder(NoneNotifier):
        pass

    register_driver("recorder-test", lambda services: built.append(services) or Recorder())
    assert isinstance(create_notifier("recorder-test", "services"), Recorder)
    assert built == ["services"]


async def test_a_failing_wake_up_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        async def wake(self, eval_id: str, role: str, revision: int) -> None:
            raise RuntimeError("gateway down")

    wakeups = WakeUps(Broken())
    with caplog.at_level(logging.ERROR, logger="agenteval.notifier"):
        wakeups.wake("e1", "planner", 0)
        await wakeups.drain()
    assert any("waking the planner of eval e1 failed" in r.message for r in caplog.records)
