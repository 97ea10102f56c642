"""Simulated cases on the RunActor against in-memory ports: a scripted simulator (handed
in as the composition root hands in `play_case`) and a MockChannel bot take turns; the
stop reason and each turn's author are stored; a simulator failure is the case's error."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest

from actors import MemoryLeases
from agenteval.channels import ChannelFactory
from agenteval.channels.mock import mock_channel_type
from agenteval.domain.judging.cases import Turn
from agenteval.domain.judging.simulated_cases import SimulatedSpec
from agenteval.domain.static.run_records import FinishedAttempt
from agenteval.llm import ModelClient
from agenteval.simulation.case_users import SIMULATOR_DONE, SIMULATOR_FAILED, Stop, UserTurn
from tests.support.memory_runs import DEFAULTS, MemoryRuns, memory_engine


class ScriptedSimulator:
    """Says `lines` in turn, then `ending` (a Stop); records the history it was shown."""

    simulator = "model"
    model = "scripted-sim"

    def __init__(self, lines: Sequence[str], ending: Stop) -> None:
        self.lines = list(lines)
        self.ending = ending
        self.seen: list[list[tuple[str, str | None]]] = []

    async def next_turn(self, history: Sequence[Turn]) -> UserTurn | Stop:
        self.seen.append([(t.sent_message, t.reply) for t in history])
        if len(history) < len(self.lines):
            return UserTurn(self.lines[len(history)], "simulator")
        return self.ending


async def bot(text: str, history: Sequence[tuple[str, str]]) -> str:
    return "预约成功 (booked)" if "phone" in text else f"echo {text}"


def simulated(key: str, **fields: Any) -> dict[str, Any]:
    """A stored simulated case document (as a campaign snapshots it)."""
    document = {**DEFAULTS, "id": key, "type": "simulated", "persona": {"name": "Li"},
                "goal": "book a repair", "max_turns": 5, "stop_when": {"simulator": True},
                "simulator": "model", "expectation": {"contains": "echo"}}
    document.pop("messages", None)
    return {**document, **fields}


@pytest.fixture
async def channels() -> AsyncIterator[ChannelFactory]:
    factory = ChannelFactory()
    factory.register(*mock_channel_type(bot))
    yield factory
    await factory.aclose()


async def _run(channels: ChannelFactory, cases: list[dict[str, Any]],
               users: dict[str, ScriptedSimulator]) -> tuple[MemoryRuns, list[FinishedAttempt]]:
    def play(spec: SimulatedSpec, client: ModelClient | None) -> ScriptedSimulator:
        return users[spec.goal]

    store = MemoryRuns(MemoryLeases("here"))
    engine = memory_engine(store, channels, users=play)  # type: ignore[arg-type]  # a CaseUser
    run = store.add(cases)
    await engine.start(run.id)
    for _ in range(500):
        if store.runs[run.id].status == "COMPLETED":
            break
        await asyncio.sleep(0.01)
    await engine.owned.shutdown()
    assert store.runs[run.id].status == "COMPLETED"
    return store, sorted(store.attempts[run.id], key=lambda a: a.position)


async def test_the_simulator_writes_every_turn_until_it_says_it_is_done(channels) -> None:
    simulator = ScriptedSimulator(["hello", "my name is Li"], Stop(SIMULATOR_DONE, "booked"))
    _, [attempt] = await _run(channels, [simulated("c")], {"book a repair": simulator})
    assert [(t.sent_message, t.reply, t.author) for t in attempt.turns] == [
        ("hello", "echo hello", "simulator"), ("my name is Li", "echo my name is Li",
                                               "simulator")]
    assert simulator.seen[2] == [("hello", "echo hello"), ("my name is Li",
                                                           "echo my name is Li")]
    assert attempt.simulation == {"simulator": "model", "model": "scripted-sim",
                                  "stop": "simulator_done", "detail": "booked", "turns": 2}
    assert attempt.verdict.passed and attempt.verdict.error is None


async def test_a_stop_phrase_in_a_reply_ends_the_dialog_and_max_turns_bounds_it(
        channels) -> None:
    phrase = ScriptedSimulator(["hi", "my phone is 123", "never sent"], Stop(SIMULATOR_DONE))
    chatty = ScriptedSimulator([f"line {i}" for i in range(9)], Stop(SIMULATOR_DONE))
    _, attempts = await _run(channels, [
        simulated("phrase", goal="phrase", stop_when={"phrase": "预约成功"},
                  expectation={"contains": "预约成功"}),
        simulated("long", goal="long", max_turns=3)], {"phrase": phrase, "long": chatty})
    assert [t.sent_message for t in attempts[0].turns] == ["hi", "my phone is 123"]
    assert attempts[0].simulation["stop"] == "phrase"  # type: ignore[index]
    assert attempts[0].simulation["detail"] == "预约成功"  # type: ignore[index]
    assert attempts[0].verdict.passed
    assert len(attempts[1].turns) == 3
    assert attempts[1].simulation["stop"] == "max_turns"  # type: ignore[index]


async def test_a_simulator_failure_ends_the_dialog_with_an_error_never_a_pass(
        channels) -> None:
    failing = ScriptedSimulator(["hello"], Stop(SIMULATOR_FAILED,
                                                "simulator model failed: HTTP 500"))
    store, [attempt] = await _run(channels, [simulated("c")], {"book a repair": failing})
    assert attempt.verdict.error == "after turn 1: simulator model failed: HTTP 500"
    assert not attempt.verdict.passed and attempt.verdict.success_level == "FAILURE"
    assert attempt.results == []  # not judged: the dialog was cut short
    assert attempt.simulation["stop"] == "simulator_failed"  # type: ignore[index]
    run = next(iter(store.runs.values()))
    assert (run.passed, run.failed, run.errored) == (0, 0, 1)


async def test_a_scripted_case_says_its_opening_then_its_follow_ups_without_a_model(
        channels) -> None:
    store = MemoryRuns(MemoryLeases("here"))
    engine = memory_engine(store, channels)  # the real play_case, and no models at all
    run = store.add([simulated("s", simulator="script", opening="I need a repair",
                               follow_ups=["my phone is 123", "thanks"], stop_when={})])
    await engine.start(run.id)
    for _ in range(500):
        if store.runs[run.id].status == "COMPLETED":
            break
        await asyncio.sleep(0.01)
    await engine.owned.shutdown()
    [attempt] = store.attempts[run.id]
    assert [(t.sent_message, t.author) for t in attempt.turns] == [
        ("I need a repair", "case"), ("my phone is 123", "script"), ("thanks", "script")]
    assert attempt.simulation == {"simulator": "script", "model": None, "stop": "script_end",
                                  "detail": None, "turns": 3}
