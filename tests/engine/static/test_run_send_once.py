"""A case is sent once: a save that meets the database away is retried while nothing new is
dispatched, and an owner woken after a takeover says so at WARNING, not as an error. On a
scratch database (the gate's own, `send_once=False`) the workers do not wait for the saves."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Sequence

import asyncpg
import pytest

from actors.memory_leases import MemoryLeases
from agenteval.channels import ChannelFactory
from agenteval.channels.mock import mock_channel_type
from agenteval.domain.static.run_records import Counters, FinishedAttempt
from agenteval.engine.static import run_execution
from tests.support.memory_runs import MemoryRuns, case, memory_engine, run_lease_name


class Bot:
    def __init__(self, delay_s: float = 0.01) -> None:
        self.delay_s = delay_s
        self.sent: Counter[str] = Counter()

    async def __call__(self, text: str, history: Sequence[tuple[str, str]]) -> str:
        self.sent[text] += 1
        await asyncio.sleep(self.delay_s)
        return f"echo {text}"


class FlakyRuns(MemoryRuns):
    """Saves fail as a restarting PostgreSQL makes them fail, while `away` is set."""

    away = False
    refused = 0

    async def save_attempts(self, run_id: uuid.UUID, version: int,
                            attempts: Sequence[FinishedAttempt], counters: Counters) -> int:
        if self.away:
            self.refused += 1
            raise asyncpg.exceptions.InterfaceError("connection has been released back to "
                                                    "the pool")
        return await super().save_attempts(run_id, version, attempts, counters)


@pytest.fixture
async def channels() -> AsyncIterator[ChannelFactory]:
    factory = ChannelFactory()
    yield factory
    await factory.aclose()


async def _until(check: object, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():  # type: ignore[operator]
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def test_an_outage_pauses_dispatch_and_sends_no_case_twice(
        channels: ChannelFactory) -> None:
    bot = Bot()
    channels.register(*mock_channel_type(bot))
    store = FlakyRuns(MemoryLeases("here"))
    engine = memory_engine(store, channels)  # type: ignore[arg-type]
    run = store.add([case(f"c{i}", f"hi {i}", contains="echo") for i in range(60)],
                    concurrency=3)
    await engine.start(run.id)
    await _until(lambda: store.runs[run.id].done >= 6)
    store.away = True
    await _until(lambda: store.refused >= 2)
    sent = sum(bot.sent.values())
    await asyncio.sleep(0.3)
    assert sum(bot.sent.values()) == sent  # nothing dispatched while saves fail
    assert sent - store.runs[run.id].done <= 3  # unsaved: at most the attempts in flight
    store.away = False
    await _until(lambda: store.runs[run.id].status == "COMPLETED")
    assert store.runs[run.id].done == 60
    assert set(bot.sent.values()) == {1} and len(bot.sent) == 60
    await engine.owned.shutdown()


async def test_on_a_scratch_database_dispatch_does_not_wait_for_the_saves(
        channels: ChannelFactory) -> None:
    bot = Bot(delay_s=0.001)
    channels.register(*mock_channel_type(bot))
    store = FlakyRuns(MemoryLeases("here"))
    store.away = True  # no save succeeds until every case was sent
    engine = memory_engine(store, channels, send_once=False)  # type: ignore[arg-type]
    run = store.add([case(f"c{i}", f"hi {i}", contains="echo") for i in range(30)],
                    concurrency=3)
    await engine.start(run.id)
    await _until(lambda: len(bot.sent) == 30)
    assert store.runs[run.id].done == 0
    store.away = False
    await _until(lambda: store.runs[run.id].status == "COMPLETED")
    assert store.runs[run.id].done == 30 and store.runs[run.id].passed == 30
    assert set(bot.sent.values()) == {1}
    await engine.owned.shutdown()


async def test_without_the_wait_the_unsaved_attempts_are_still_bounded(
        channels: ChannelFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_execution, "UNSAVED_LIMIT", 10)
    bot = Bot(delay_s=0.001)
    channels.register(*mock_channel_type(bot))
    store = FlakyRuns(MemoryLeases("here"))
    store.away = True
    engine = memory_engine(store, channels, send_once=False)  # type: ignore[arg-type]
    run = store.add([case(f"c{i}", f"hi {i}", contains="echo") for i in range(40)],
                    concurrency=3)
    await engine.start(run.id)
    await _until(lambda: store.refused >= 2 and len(bot.sent) >= 10)
    await asyncio.sleep(0.2)
    assert 10 <= len(bot.sent) <= 10 + 3  # the limit, then the workers wait (one each)
    store.away = False
    await _until(lambda: store.runs[run.id].status == "COMPLETED")
    assert store.runs[run.id].done == 40 and set(bot.sent.values()) == {1}
    await engine.owned.shutdown()


async def test_an_owner_woken_after_a_takeover_logs_a_warning_not_an_error(
        channels: ChannelFactory, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    bot = Bot(delay_s=0.02)
    channels.register(*mock_channel_type(bot))
    store = MemoryRuns(MemoryLeases("here"))
    engine = memory_engine(store, channels, ttl_s=0.3)  # type: ignore[arg-type]
    run = store.add([case(f"c{i}", f"hi {i}", contains="echo") for i in range(200)],
                    concurrency=2)
    await engine.start(run.id)
    await _until(lambda: store.runs[run.id].done >= 2)
    row = store.leases.table[run_lease_name(run.id)]
    row.owner, row.epoch = "there", row.epoch + 1  # taken over while this one slept
    row.expires_at += 60
    await _until(lambda: engine.owned.active("run") == set())
    await asyncio.sleep(0.2)
    await engine.owned.shutdown()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]
    assert any("taken over" in r.getMessage() for r in caplog.records
               if r.levelno == logging.WARNING)
