"""A run's figures about its simulated users (issue 40), beside the contract's.

The contract's figures stay what they are: an attempt whose simulated user still
deviated after its reruns is an error, counted in `errorCount` and in every denominator.
Beside them: how many attempts were simulator errors, the pass rate and pass^k with
those attempts left out (what the bot scored where its user behaved), and per SIMULATOR
model how often its user deviated. Pure functions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from agenteval.domain.static.pass_hat import case_pass_hat


class SimulatedAttempt(Protocol):
    """What these figures need of an attempt (an OutcomeRecord)."""

    @property
    def case_key(self) -> str: ...
    @property
    def attempt(self) -> int: ...
    @property
    def passed(self) -> bool: ...
    @property
    def simulator_model(self) -> str | None: ...
    @property
    def simulator_error(self) -> bool: ...
    @property
    def simulator_reruns(self) -> int: ...


@dataclass(frozen=True)
class SimulatorRate:
    """One SIMULATOR model's users in a run: attempts it played, those it had to replay
    (a deviation was caught), the replays, and the attempts still deviating (errors)."""

    model: str
    attempts: int
    rerun_attempts: int
    reruns: int
    errors: int

    @property
    def error_rate(self) -> float:
        return self.errors / self.attempts if self.attempts else 0.0


def simulator_fields(simulation: dict[str, Any] | None) -> dict[str, Any]:
    """An OutcomeRecord's simulator fields from the attempt's stored `simulation` record."""
    if not simulation or simulation.get("simulator") != "model":
        return {}
    reruns = simulation.get("reruns")
    return {"simulator_model": str(simulation.get("model") or "unknown model"),
            "simulator_error": simulation.get("deviation_error") == "simulator",
            "simulator_reruns": reruns if isinstance(reruns, int) else 0}


def simulator_rates(outcomes: Sequence[SimulatedAttempt]) -> list[SimulatorRate]:
    """Per SIMULATOR model, sorted by name; [] when no model played a user."""
    by_model: dict[str, list[SimulatedAttempt]] = {}
    for outcome in outcomes:
        if outcome.simulator_model is not None:
            by_model.setdefault(outcome.simulator_model, []).append(outcome)
    return [SimulatorRate(model, len(played), sum(1 for o in played if o.simulator_reruns),
                          sum(o.simulator_reruns for o in played),
                          sum(1 for o in played if o.simulator_error))
            for model, played in sorted(by_model.items())]


def pass_rate_excluding(outcomes: Sequence[SimulatedAttempt], total: int) -> float:
    """Passed / attempts, the simulator errors left out of both (0 when nothing is left)."""
    errors = sum(1 for o in outcomes if o.simulator_error)
    passed = sum(1 for o in outcomes if o.passed and not o.simulator_error)
    kept = total - errors
    return passed / kept if kept > 0 else 0.0


def pass_hat_curve_excluding(outcomes: Sequence[SimulatedAttempt], repeat: int,
                             total: int) -> list[float] | None:
    """[pass^1, …, pass^repeat] with each case's simulator errors left out of its attempts:
    a case with n attempts kept and c passed gives C(c, k) / C(n, k) to pass^k, for the
    k ≤ n (τ-bench's estimator on what is left; a missing attempt still counts as failed).
    None when repeat is 1."""
    if repeat <= 1:
        return None
    errors: dict[str, set[int]] = {}
    passes: dict[str, set[int]] = {}
    for outcome in outcomes:
        errors.setdefault(outcome.case_key, set())
        passes.setdefault(outcome.case_key, set())
        if outcome.simulator_error:
            errors[outcome.case_key].add(outcome.attempt)
        elif outcome.passed:
            passes[outcome.case_key].add(outcome.attempt)
    unseen = max(0, math.ceil(total / repeat) - len(errors))  # cases with no attempt: failed
    curve = []
    for k in range(1, repeat + 1):
        values = [case_pass_hat(min(len(passes[key]), repeat - len(errors[key])),
                                repeat - len(errors[key]), k)
                  for key in errors if repeat - len(errors[key]) >= k]
        cases = len(values) + unseen
        curve.append(round(sum(values) / cases, 6) if cases else 0.0)
    return curve
