"""The audit of a simulated case's dialog (static runs): its turns as audited messages,
its deviations at its turn numbers, and what the attempt's `simulation` record says.

A deviation is the simulator's when the SIMULATOR model wrote the turn (and an early
stop always is: only a model user ends a dialog by itself); a deviation in the case's own
opening or its scripted follow-ups is a scenario-authoring error. Pure functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agenteval.domain.judging.cases import Turn
from agenteval.domain.judging.simulated_cases import SimulatedSpec
from agenteval.domain.judging.simulator_audit.audit import (
    AuditedMessage,
    Deviation,
    UserBrief,
    audit_dialog,
)
from agenteval.domain.turn_numbers import turn_number

SIMULATOR_DONE = "simulator_done"  # simulation.case_users' stop reason: the user ended it


def audit_case_dialog(spec: SimulatedSpec, turns: Sequence[Turn],
                      stop: str | None) -> list[Deviation]:
    """The dialog's deviations, each at its 0-based turn index (`Turn.index`)."""
    messages: list[AuditedMessage] = []
    turn_of: list[int] = []
    for turn in turns:
        messages.append(AuditedMessage("user", turn.sent_message, turn.author))
        turn_of.append(turn.index)
        if turn.reply is not None and turn.error is None:
            messages.append(AuditedMessage("assistant", turn.reply))
            turn_of.append(turn.index)
    brief = UserBrief(persona=spec.persona, goal=spec.goal, follow_ups=spec.follow_ups,
                      opening=spec.opening, stop_phrases=spec.stop_when.phrases)
    found = audit_dialog(brief, messages, ended_by_user=stop == SIMULATOR_DONE)
    return [Deviation(turn_of[d.turn], d.kind, d.reason, d.quote,
                      "simulator" if d.kind == "early_stop" else d.author, d.facts)
            for d in found]


def is_simulators(deviation: Deviation) -> bool:
    """Whether the SIMULATOR model is to blame (else the scenario's author is)."""
    return deviation.author == "simulator"


def deviation_record(deviation: Deviation) -> dict[str, Any]:
    """A deviation as stored in `simulation` and read by the API (CaseOutcome.simulatorDeviation)."""
    return {"turn": deviation.turn, "kind": deviation.kind, "reason": deviation.reason,
            "quote": deviation.quote, "author": deviation.author}


def deviation_error(deviation: Deviation, reruns: int) -> str:
    """The attempt's error when its user still deviates (reruns done) or its script does."""
    where = f"at turn {turn_number(deviation.turn)} ({deviation.kind}): {deviation.reason}"
    if not is_simulators(deviation):
        return (f"scenario-authoring error: the case's scripted user deviates {where}; "
                "fix the case's opening or follow_ups")
    tries = f"after {reruns} rerun{'s' if reruns != 1 else ''}" if reruns else "with no rerun"
    return f"simulator error: the simulated user deviated {where} — still {tries}"
