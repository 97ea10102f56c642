"""What the audit of simulated users adds to a run (issue 40): an attempt's deviation,
and per SIMULATOR model its users' deviations. Nullable additions to the contract."""

from __future__ import annotations

from typing import Any

import strawberry

from agenteval.domain.static.simulator_figures import SimulatorRate


@strawberry.type(description="A simulated user's turn that deviated from its persona and "
                             "goal (found without a model).")
class SimulatorDeviation:
    turn: int = strawberry.field(description="The 0-based turn (= Turn.index).")
    kind: str = strawberry.field(description="invented_fact | role_inversion | meta_talk | "
                                             "early_stop (found without a model); "
                                             "off_persona | off_goal (the JUDGE's review)")
    reason: str
    quote: str | None = strawberry.field(description="The user's words, as written.")
    author: str | None = strawberry.field(description="Who wrote the turn: simulator "
                                                      "(the SIMULATOR model), script or case.")
    reruns: int = strawberry.field(description="Times the case was played again for it.")
    resolution: str = strawberry.field(
        description="RERUN_CLEAN (a rerun's clean dialog is the attempt's), SIMULATOR_ERROR "
        "(still deviating after the reruns: an error, never the bot's failure) or "
        "SCENARIO_ERROR (the case's own script deviates: an authoring error, not rerun).")

    @classmethod
    def from_simulation(cls, record: dict[str, Any] | None) -> SimulatorDeviation | None:
        """From an attempt's `simulation` record; None when its user never deviated."""
        if not record:
            return None
        final, earlier = record.get("deviation"), record.get("rerun_deviations") or []
        shown = final or (earlier[-1] if earlier else None)
        if not isinstance(shown, dict):
            return None
        resolution = {"simulator": "SIMULATOR_ERROR", "scenario": "SCENARIO_ERROR"}.get(
            str(record.get("deviation_error")), "RERUN_CLEAN")
        return cls(turn=int(shown.get("turn", 0)), kind=str(shown.get("kind")),
                   reason=str(shown.get("reason")), quote=shown.get("quote"),
                   author=shown.get("author"), reruns=int(record.get("reruns") or 0),
                   resolution=resolution)


@strawberry.type(description="One SIMULATOR model's simulated users in a run.")
class SimulatorErrorRate:
    model: str
    attempts: int = strawberry.field(description="Attempts whose user it played.")
    rerun_attempts: int = strawberry.field(description="Attempts played again because its "
                                                       "user deviated.")
    reruns: int
    errors: int = strawberry.field(description="Attempts still deviating after the reruns "
                                               "(simulator errors).")
    error_rate: float = strawberry.field(description="errors / attempts.")

    @classmethod
    def from_data(cls, rate: SimulatorRate) -> SimulatorErrorRate:
        return cls(model=rate.model, attempts=rate.attempts, rerun_attempts=rate.rerun_attempts,
                   reruns=rate.reruns, errors=rate.errors, error_rate=rate.error_rate)
