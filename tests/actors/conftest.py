"""Make a broken actor runtime fail the test instead of hanging the suite."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from types import FrameType

import pytest

TEST_TIME_LIMIT_SECONDS = 3.0


@pytest.fixture(autouse=True)
def fail_instead_of_hanging() -> Iterator[None]:
    def on_alarm(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"test still running after {TEST_TIME_LIMIT_SECONDS} s: hanging?")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, TEST_TIME_LIMIT_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
