"""One attempt of a simulated case: the case's user and the target take turns.

The user (a `CaseUser`: the script or the SIMULATOR model) writes each turn until it
stops, a `stop_when` phrase appears in a reply, the target fails, or `max_turns` is
reached. What ended the dialog is the attempt's `simulation` record (stored on the
case outcome): `{simulator, model, stop, detail, turns}`. A simulator that cannot answer
ends the dialog with the attempt's error, never a silent pass.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.channels import ChannelError, ChannelFactory, TargetSpec
from agenteval.domain.judging.cases import CaseSpec, Turn
from agenteval.domain.limits import bounded_raw
from agenteval.simulation.case_users import (
    DEVIATED,
    MAX_TURNS,
    PHRASE,
    SIMULATOR_FAILED,
    TARGET_ERROR,
    CaseUser,
    Stop,
)


@dataclass(frozen=True)
class SimulatedDialog:
    turns: list[Turn]
    record: dict[str, Any]  # CaseOutcome.simulation
    error: str | None  # the simulator's failure; a target error is on its turn


async def simulate(channels: ChannelFactory, target: TargetSpec, case: CaseSpec,
                   user: CaseUser,
                   deviated: Callable[[Sequence[Turn]], bool] | None = None) -> SimulatedDialog:
    """Play the case's dialog on a fresh conversation; see the module docstring.

    `deviated` (the audit, engine/static/checked_simulation.py) is asked after each turn:
    once the simulator's turn has deviated the dialog is cut there, as it will be played
    again (stop `simulator_deviated`), rather than spending more turns of both models."""
    spec = case.simulated
    assert spec is not None, "simulate is for simulated cases"
    channel = channels.open(target)
    if case.tool_results:
        channel.supply_tool_results(case.tool_results)
    turns: list[Turn] = []
    stop = Stop(MAX_TURNS)
    try:
        for index in range(spec.max_turns):
            said = await user.next_turn(turns)
            if isinstance(said, Stop):
                stop = said
                break
            try:
                reply = await channel.send(said.text)
            except ChannelError as exc:
                turns.append(Turn(index, said.text, None, None, f"{exc.kind}: {exc.message}",
                                  author=said.author))
                stop = Stop(TARGET_ERROR, exc.kind)
                break
            turns.append(Turn(index, said.text, reply.text, reply.latency_ms,
                              raw=bounded_raw(reply.raw), tool_calls=reply.tool_calls,
                              sanitized=reply.sanitized,
                              author=said.author))
            phrase = next((p for p in spec.stop_when.phrases if p in (reply.text or "")), None)
            if phrase is not None:
                stop = Stop(PHRASE, phrase)
                break
            if deviated is not None and deviated(turns):
                stop = Stop(DEVIATED)
                break
    finally:
        await channel.aclose()
    record = {"simulator": user.simulator, "model": user.model, "stop": stop.reason,
              "detail": stop.detail, "turns": len(turns)}
    error = stop.detail if stop.reason == SIMULATOR_FAILED else None
    if error is not None and not turns:
        error = f"before turn 1: {error}"
    elif error is not None:
        error = f"after turn {len(turns)}: {error}"
    return SimulatedDialog(turns, record, error)
