"""SingleFlight: identical reads in flight at once share one."""

from __future__ import annotations

import asyncio

import pytest

from agenteval.engine.single_flight import SingleFlight


class Reads:
    def __init__(self) -> None:
        self.count = 0
        self.gate = asyncio.Event()

    async def read(self, value: str) -> str:
        self.count += 1
        await self.gate.wait()
        return value


async def test_callers_of_one_key_share_one_read_and_a_later_call_reads_again() -> None:
    flight: SingleFlight[str, str] = SingleFlight()
    reads = Reads()
    waiting = [asyncio.ensure_future(flight.do("k", lambda: reads.read("rows")))
               for _ in range(50)]
    other = asyncio.ensure_future(flight.do("other", lambda: reads.read("others")))
    await asyncio.sleep(0)
    reads.gate.set()
    assert await asyncio.gather(*waiting) == ["rows"] * 50
    assert await other == "others"
    assert reads.count == 2  # one per key
    assert await flight.do("k", lambda: reads.read("fresh")) == "fresh"
    assert reads.count == 3


async def test_a_caller_that_goes_away_cancels_neither_the_read_nor_the_others() -> None:
    flight: SingleFlight[str, str] = SingleFlight()
    reads = Reads()
    leaver = asyncio.ensure_future(flight.do("k", lambda: reads.read("rows")))
    stayer = asyncio.ensure_future(flight.do("k", lambda: reads.read("rows")))
    await asyncio.sleep(0)
    leaver.cancel()
    await asyncio.sleep(0)
    reads.gate.set()
    assert await stayer == "rows"
    assert leaver.cancelled() and reads.count == 1


async def test_a_failed_read_fails_every_caller_and_is_not_remembered() -> None:
    flight: SingleFlight[str, str] = SingleFlight()

    async def broken() -> str:
        await asyncio.sleep(0)
        raise ConnectionError("database away")

    callers = [asyncio.ensure_future(flight.do("k", broken)) for _ in range(3)]
    for caller in callers:
        with pytest.raises(ConnectionError):
            await caller

    async def healed() -> str:
        return "rows"

    assert await flight.do("k", healed) == "rows"
