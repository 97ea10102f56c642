"""The RunActor's behaviour against in-memory ports — no database, no local server: runs
start, resume, cancel and change owners under the actor runtime's leases."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Sequence

import pytest

from actors import MemoryLeases
from agenteval.channels import ChannelFactory
from agenteval.channels.mock import mock_channel_type
from agenteval.engine.static.engine import RunEngine
from agenteval.errors import NotFound, ValidationFailed
from tests.support.memory_runs import MemoryRuns, case, memory_engine, run_lease_name


class Bot:
    """Echoes; waits `delay_s` per turn; counts what it was sent."""

    def __init__(self, delay_s: float = 0.0) -> None:
        self.delay_s = delay_s
        self.sent: list[str] = []

    async def __call__(self, text: str, history: Sequence[tuple[str, str]]) -> str:
        self.sent.append(text)
        await asyncio.sleep(self.delay_s)
        return f"echo {text}"


@pytest.fixture
async def channels() -> AsyncIterator[ChannelFactory]:
    factory = ChannelFactory()
    yield factory
    await factory.aclose()


async def _until(check: object, timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():  # type: ignore[operator]
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def _cases(count: int) -> list[dict[str, object]]:
    return [case(f"c{i}", f"hi {i}", contains="echo") for i in range(count)]


async def _engine(channels: ChannelFactory, bot: Bot, leases: MemoryLeases | None = None,
                  **options: float) -> tuple[RunEngine, MemoryRuns]:
    channels.register(*mock_channel_type(bot))
    store = MemoryRuns(leases or MemoryLeases("here"))
    return memory_engine(store, channels, **options), store  # type: ignore[arg-type]


async def test_a_queued_run_executes_every_attempt_completes_and_gives_the_run_up(
        channels: ChannelFactory) -> None:
    bot = Bot()
    engine, store = await _engine(channels, bot)
    run = store.add(_cases(5), repeat=2)
    started = await engine.start(run.id, by="tester")
    assert started.status == "RUNNING" and started.started_by == "tester"
    await _until(lambda: store.runs[run.id].status == "COMPLETED")
    stored = store.runs[run.id]
    assert (stored.done, stored.passed, stored.failed) == (10, 10, 0)
    assert stored.summary is not None and stored.summary["total_cases"] == 10
    assert sorted(bot.sent) == sorted(f"hi {i}" for i in range(5) for _ in range(2))
    await _until(lambda: engine.owned.active("run") == set())
    assert store.leases.table[run_lease_name(run.id)].owner == ""  # released: finished
    await engine.owned.shutdown()


async def test_a_campaign_queues_one_run_per_target_through_the_port_and_each_is_started(
        channels: ChannelFactory) -> None:
    bot = Bot()
    engine, store = await _engine(channels, bot)
    campaign = store.add_campaign(_cases(2), targets=2)
    started = await engine.start_campaign(campaign, None, by="tester")
    assert len(started) == 2 and {run.target_id for run in started} == set(store.targets)
    assert all(run.status == "RUNNING" and run.started_by == "tester" for run in started)
    for run in started:
        await _until(lambda run=run: store.runs[run.id].status == "COMPLETED")
    [target, _] = store.campaigns[campaign].target_ids
    [one] = await engine.start_campaign(campaign, target)  # one target of the campaign
    assert one.target_id == target and len(store.runs) == 3
    with pytest.raises(ValidationFailed):  # not one of the campaign's targets
        await engine.start_campaign(campaign, uuid.uuid4())
    with pytest.raises(NotFound):
        await engine.start_campaign(uuid.uuid4(), None)
    await engine.owned.shutdown()


async def test_a_resumed_run_sends_only_the_attempts_not_stored_yet(
        channels: ChannelFactory) -> None:
    bot = Bot()
    engine, store = await _engine(channels, bot)
    first = store.add(_cases(4))
    await engine.start(first.id)
    await _until(lambda: store.runs[first.id].status == "COMPLETED")
    # The same run as a crashed owner left it: RUNNING, two attempts stored.
    resumed = store.add(_cases(4), status="RUNNING")
    store.attempts[resumed.id] = [a for a in store.attempts[first.id]
                                  if a.case.key in ("c0", "c1")]
    store.change(resumed.id, done=2, passed=2)
    bot.sent.clear()
    await engine.start(resumed.id)
    await _until(lambda: store.runs[resumed.id].status == "COMPLETED")
    assert sorted(bot.sent) == ["hi 2", "hi 3"]
    assert store.runs[resumed.id].done == 4
    await engine.owned.shutdown()


async def test_a_run_another_process_owns_is_answered_as_stored_then_taken_over_when_it_lapses(
        channels: ChannelFactory) -> None:
    bot = Bot()
    leases = MemoryLeases("here")
    engine, store = await _engine(channels, bot, leases)
    run = store.add(_cases(2))
    other = leases.sharing("there")
    held = await other.claim(run_lease_name(run.id), 30)
    assert held is not None
    assert (await engine.start(run.id)).status == "QUEUED" and not bot.sent
    assert await engine.owned.take_over_once() == 0  # held, not lapsed
    await other.release(held, finished=False)  # its process stopped mid-work
    assert await engine.owned.take_over_once() == 1
    await _until(lambda: store.runs[run.id].status == "COMPLETED")
    await engine.owned.shutdown()


async def test_a_cancel_stops_the_attempts_in_flight_and_ends_the_run_cancelled(
        channels: ChannelFactory) -> None:
    bot = Bot(delay_s=0.05)
    engine, store = await _engine(channels, bot)
    run = store.add(_cases(40), concurrency=2)
    await engine.start(run.id)
    await _until(lambda: len(bot.sent) >= 2)
    cancelled = await engine.cancel(run.id, by="tester")
    assert cancelled.status == "CANCELLED" and cancelled.cancelled_by == "tester"
    sent = len(bot.sent)
    await asyncio.sleep(0.2)
    assert len(bot.sent) == sent < 40  # nothing more goes out
    assert store.runs[run.id].status == "CANCELLED"
    await engine.owned.shutdown()


async def test_an_owner_that_lost_the_run_stores_nothing_more_and_lets_it_go(
        channels: ChannelFactory) -> None:
    bot = Bot(delay_s=0.02)
    engine, store = await _engine(channels, bot, ttl_s=0.3)
    run = store.add(_cases(200), concurrency=2)
    await engine.start(run.id)
    await _until(lambda: store.runs[run.id].done >= 2)
    # Another process took the run over while this one was stopped past its expiry.
    row = store.leases.table[run_lease_name(run.id)]
    row.owner, row.epoch = "there", row.epoch + 1
    row.expires_at += 60
    done = store.runs[run.id].done
    await _until(lambda: engine.owned.active("run") == set())  # the activation stopped
    await asyncio.sleep(0.1)
    assert store.runs[run.id].done - done <= 2  # at most the batch in flight
    assert store.runs[run.id].status == "RUNNING"  # the new owner finishes it, not this one
    await engine.owned.shutdown()
