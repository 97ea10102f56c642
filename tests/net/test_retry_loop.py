"""The one retry loop: how many attempts, which failures, how long between them."""

from __future__ import annotations

import time

import pytest

from agenteval.net.retry import RetryPolicy, TransientFailure, retrying

INSTANT = RetryPolicy(attempts=3, backoff_s=0.0)


class Flaky(TransientFailure):
    def __init__(self, message: str, retryable: bool = True,
                 retry_after: float | None = None) -> None:
        super().__init__(message)
        self._retryable = retryable
        self.retry_after = retry_after

    @property
    def retryable(self) -> bool:
        return self._retryable


class Script:
    """Raises the scripted failures in turn, then answers with the attempt number."""

    def __init__(self, *failures: Exception) -> None:
        self.failures = list(failures)
        self.numbers: list[int] = []

    async def __call__(self, number: int) -> str:
        self.numbers.append(number)
        if self.failures:
            raise self.failures.pop(0)
        return f"answer {number}"


async def test_a_transient_failure_is_retried_until_an_answer() -> None:
    script = Script(Flaky("one"), Flaky("two"))
    assert await retrying(INSTANT, script, failure=Flaky) == "answer 3"
    assert script.numbers == [1, 2, 3]


async def test_the_last_failure_goes_through_give_up_with_the_attempt_count() -> None:
    script = Script(Flaky("a"), Flaky("b"), Flaky("c"), Flaky("d"))
    with pytest.raises(RuntimeError, match="c after 3") as raised:
        await retrying(INSTANT, script, failure=Flaky,
                       give_up=lambda error, attempts: RuntimeError(f"{error} after {attempts}"))
    assert script.numbers == [1, 2, 3] and str(raised.value.__cause__) == "c"


async def test_a_final_failure_is_not_retried_and_other_errors_pass_through() -> None:
    final = Script(Flaky("bad request", retryable=False))
    with pytest.raises(Flaky, match="bad request"):
        await retrying(INSTANT, final, failure=Flaky)
    assert final.numbers == [1]
    other = Script(KeyError("bug"))
    with pytest.raises(KeyError):
        await retrying(INSTANT, other, failure=Flaky)
    assert other.numbers == [1]


async def test_retry_after_wins_over_the_backoff_up_to_its_cap() -> None:
    told: list[float] = []
    policy = RetryPolicy(attempts=3, backoff_s=5.0, max_retry_after_s=0.05)
    started = time.monotonic()
    await retrying(policy, Script(Flaky("slow down", retry_after=0.02),
                                  Flaky("slow down", retry_after=3600)),
                   failure=Flaky, on_retry=lambda error, attempt, delay_s: told.append(delay_s))
    assert told == [0.02, 0.05]
    assert time.monotonic() - started < 5  # not an hour: the cap held (room for a slow machine)


def test_the_backoff_doubles_up_to_its_ceiling_with_or_without_jitter() -> None:
    steady = RetryPolicy(backoff_s=1.0, max_backoff_s=3.0, jitter=False)
    assert [steady.delay(n) for n in range(4)] == [1.0, 2.0, 3.0, 3.0]
    jittered = RetryPolicy(backoff_s=1.0, max_backoff_s=8.0)
    for n, ceiling in enumerate([1.0, 2.0, 4.0, 8.0]):
        assert ceiling / 2 <= jittered.delay(n) <= ceiling
