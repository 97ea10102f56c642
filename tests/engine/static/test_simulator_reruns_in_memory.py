"""A simulated user that deviates is caught, its dialog played again, and — still
deviating after the reruns — the attempt is a simulator error, never the bot's failure
(issue 40). On the RunActor with in-memory ports and a MockChannel bot."""

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
from agenteval.simulation.case_users import SIMULATOR_DONE, CasePlayers, Stop, UserTurn
from tests.support.memory_runs import DEFAULTS, MemoryRuns, memory_engine

CLEAN = ["my air conditioner is broken", "my name is Li", "my phone is 13911027364"]
INVENTS = ["my air conditioner is broken", "my name is Li",
           "my phone is 13911027364, order HC2611119876"]


class Simulator:
    """One play of the user: says `lines`, then stops (as the model does when done)."""

    simulator = "model"
    model = "sim-a"

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)
        self.heeded: list[str] = []

    def heed(self, deviation: str) -> None:
        self.heeded.append(deviation)

    async def next_turn(self, history: Sequence[Turn]) -> UserTurn | Stop:
        if len(history) < len(self.lines):
            return UserTurn(self.lines[len(history)], "simulator")
        return Stop(SIMULATOR_DONE, "done")


class Players(CasePlayers):
    """Hands out the next scripted play per goal; records every play made."""

    def __init__(self, plays: dict[str, list[list[str]]], reruns: int = 2) -> None:
        super().__init__(reruns)
        self.plays = plays
        self.made: dict[str, list[Simulator]] = {}

    def __call__(self, spec: SimulatedSpec, simulator: ModelClient | None) -> Any:
        made = self.made.setdefault(spec.goal, [])
        lines = self.plays[spec.goal][min(len(made), len(self.plays[spec.goal]) - 1)]
        made.append(Simulator(lines))
        return made[-1]


async def bot(text: str, history: Sequence[tuple[str, str]]) -> str:
    return "booked (预约成功)" if "phone" in text else f"noted: {text}"


def case(key: str, goal: str, **fields: Any) -> dict[str, Any]:
    document = {**DEFAULTS, "id": key, "type": "simulated",
                "persona": {"name": "Li", "phone": "13911027364"}, "goal": goal,
                "max_turns": 6, "stop_when": {"simulator": True, "phrase": "booked"},
                "simulator": "model", "expectation": {"contains": "booked"}}
    document.pop("messages", None)
    return {**document, **fields}


@pytest.fixture
async def channels() -> AsyncIterator[ChannelFactory]:
    factory = ChannelFactory()
    factory.register(*mock_channel_type(bot))
    yield factory
    await factory.aclose()


async def _run(channels: ChannelFactory, cases: list[dict[str, Any]], players: Any,
               repeat: int = 1) -> tuple[MemoryRuns, list[FinishedAttempt]]:
    store = MemoryRuns(MemoryLeases("here"))
    engine = memory_engine(store, channels, users=players)
    run = store.add(cases, repeat=repeat, concurrency=1)  # plays handed out in order
    await engine.start(run.id)
    for _ in range(500):
        if store.runs[run.id].status == "COMPLETED":
            break
        await asyncio.sleep(0.01)
    await engine.owned.shutdown()
    assert store.runs[run.id].status == "COMPLETED"
    return store, sorted(store.attempts[run.id], key=lambda a: (a.position, a.attempt))


async def test_a_user_that_invents_an_order_number_once_is_rerun_once_and_counts_once(
        channels) -> None:
    players = Players({"book": [INVENTS, CLEAN]})
    store, [attempt] = await _run(channels, [case("c", "book")], players)
    assert len(players.made["book"]) == 2  # played once more, on a fresh user
    assert players.made["book"][1].heeded and "HC2611119876" in players.made["book"][1].heeded[0]
    assert attempt.verdict.passed and attempt.verdict.error is None
    assert [t.sent_message for t in attempt.turns] == CLEAN  # the rerun's dialog is the attempt's
    record = attempt.simulation or {}
    assert record["reruns"] == 1 and record["deviation"] is None
    assert record["rerun_deviations"][0]["kind"] == "invented_fact"
    assert record["rerun_deviations"][0]["turn"] == 2
    run = next(iter(store.runs.values()))
    assert (run.done, run.passed, run.errored) == (1, 1, 0)
    summary = await store.summary(run)
    assert summary.total_cases == 1 and summary.simulator_error_count == 0
    [rate] = summary.simulators or []
    assert (rate.model, rate.attempts, rate.rerun_attempts, rate.reruns, rate.errors) == (
        "sim-a", 1, 1, 1, 0)


async def test_a_user_that_always_deviates_is_a_simulator_error_and_leaves_the_bots_pass_rate(
        channels) -> None:
    players = Players({"book": [CLEAN], "bad": [INVENTS]})
    store, attempts = await _run(channels, [case("good", "book"), case("bad", "bad")], players)
    good, bad = attempts
    assert good.verdict.passed
    assert len(players.made["bad"]) == 3  # the first play and two reruns
    assert bad.verdict.error == (
        "simulator error: the simulated user deviated at turn 3 (invented_fact): states order "
        "number 'HC2611119876', which is in none of the persona, the goal, the follow-ups or "
        "the bot's earlier replies — still after 2 reruns")
    assert not bad.verdict.passed and bad.results == []  # not judged: never the bot's failure
    assert (bad.simulation or {})["deviation_error"] == "simulator"
    assert (bad.simulation or {})["deviation"]["turn"] == 2
    run = next(iter(store.runs.values()))
    assert (run.passed, run.failed, run.errored) == (1, 0, 1)
    summary = await store.summary(run)
    # The contract's figures: an error, in errorCount and every denominator.
    assert summary.error_count == 1 and summary.pass_rate == 0.5
    # Beside them: the bot's pass rate where its user behaved is what the good case scored.
    assert summary.simulator_error_count == 1
    assert summary.pass_rate_excluding_simulator_errors == 1.0
    [rate] = summary.simulators or []
    assert (rate.attempts, rate.errors, rate.reruns, rate.error_rate) == (2, 1, 2, 0.5)


async def test_the_number_of_reruns_is_configurable(channels) -> None:
    players = Players({"bad": [INVENTS]}, reruns=0)
    _, [attempt] = await _run(channels, [case("bad", "bad")], players)
    assert len(players.made["bad"]) == 1
    assert attempt.verdict.error is not None and "with no rerun" in attempt.verdict.error


async def test_a_scripted_user_that_plays_the_agent_is_an_authoring_error_and_not_rerun(
        channels) -> None:
    store = MemoryRuns(MemoryLeases("here"))
    engine = memory_engine(store, channels)  # the real play_case: a script, no model
    run = store.add([case("s", "book", simulator="script", opening="my fridge is broken",
                          follow_ups=["How can I help you today?", "my phone is 13911027364"],
                          stop_when={"phrase": "booked"})])
    await engine.start(run.id)
    for _ in range(500):
        if store.runs[run.id].status == "COMPLETED":
            break
        await asyncio.sleep(0.01)
    await engine.owned.shutdown()
    [attempt] = store.attempts[run.id]
    assert attempt.verdict.error is not None
    assert attempt.verdict.error.startswith(
        "scenario-authoring error: the case's scripted user deviates at turn 2 "
        "(role_inversion)")
    record = attempt.simulation or {}
    assert record["reruns"] == 0 and record["deviation_error"] == "scenario"
    summary = await store.summary(store.runs[run.id])
    assert summary.error_count == 1 and summary.simulator_error_count == 0


async def test_pass_hat_k_without_simulator_errors_leaves_those_attempts_out(
        channels) -> None:
    # Attempt 0 of "bad" deviates on every play; attempt 1 is clean (the players hand out
    # three deviating plays, then clean ones).
    players = Players({"book": [CLEAN], "bad": [INVENTS, INVENTS, INVENTS, CLEAN]})
    store, attempts = await _run(channels, [case("good", "book"), case("bad", "bad")],
                                 players, repeat=2)
    run = next(iter(store.runs.values()))
    summary = await store.summary(run)
    assert summary.simulator_error_count == 1
    assert summary.pass_hat_k == 0.5  # the contract's: "bad" did not pass in both attempts
    # Without the simulator error: "good" passed 2 of 2; "bad" passed its one kept attempt.
    assert summary.pass_hat_curve_excluding_simulator_errors == [1.0, 1.0]
    assert summary.pass_rate_excluding_simulator_errors == 1.0
