"""The user of a simulated case: who writes each turn and when the dialog ends.

A `CaseUser` answers the dialog so far with the next `UserTurn` (its text and who wrote
it) or a `Stop` (why the dialog ends). `play_case` builds the user a case's spec asks for:
the script (opening, then follow-ups) or the SIMULATOR model, which writes every turn the
case does not (a written opening comes first). The static engine gets `play_case` from
the composition root, so its tests can hand it users of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from agenteval.domain.judging.cases import Turn, TurnAuthor
from agenteval.domain.judging.simulated_cases import SimulatedSpec
from agenteval.llm import ModelCallError, ModelClient
from agenteval.simulation.model_user import ask_simulator

# Why a simulated dialog ended (CaseOutcome.simulation.stop).
SIMULATOR_DONE = "simulator_done"  # the simulator said its goal is reached, or it gave up
SCRIPT_END = "script_end"  # the scripted user said its last follow-up
PHRASE = "phrase"  # a stop_when phrase appeared in a reply
MAX_TURNS = "max_turns"
SIMULATOR_FAILED = "simulator_failed"  # the SIMULATOR model could not answer: an error
TARGET_ERROR = "target_error"  # the target failed on a turn: an error, as for any case
DEVIATED = "simulator_deviated"  # the SIMULATOR's turn deviated (issue 40): cut, played again


@dataclass(frozen=True)
class UserTurn:
    text: str
    author: TurnAuthor


@dataclass(frozen=True)
class Stop:
    """The dialog ends: `reason` is one of the constants above; `detail` says more (the
    simulator's own reason, the phrase, the model's error)."""

    reason: str
    detail: str | None = None


class CaseUser(Protocol):
    simulator: str  # "model" | "script"
    model: str | None  # the SIMULATOR model's name, when one plays

    async def next_turn(self, history: Sequence[Turn]) -> UserTurn | Stop: ...


@runtime_checkable
class HeedsDeviations(Protocol):
    """A user that can be told, on a replay, how its earlier try deviated (the model user)."""

    def heed(self, deviation: str) -> None: ...


# What the engine is given: a case's spec and the run's SIMULATOR client (or None) → its user.
PlayCase = Callable[[SimulatedSpec, ModelClient | None], CaseUser]
# How many times a simulated case whose model user deviates is played again (issue 40).
DEFAULT_RERUNS = 2


class ScriptUser:
    """The opening (the case's own words), then each follow-up, then it stops."""

    simulator = "script"
    model: str | None = None

    def __init__(self, spec: SimulatedSpec) -> None:
        self.spec = spec

    async def next_turn(self, history: Sequence[Turn]) -> UserTurn | Stop:
        opening = [UserTurn(self.spec.opening, "case")] if self.spec.opening else []
        turns = opening + [UserTurn(text, "script") for text in self.spec.follow_ups]
        if len(history) >= len(turns):
            return Stop(SCRIPT_END)
        return turns[len(history)]


@dataclass(frozen=True)
class _DialogTurn:
    """A stored turn as the simulator's prompt reads it."""

    index: int
    user: str
    reply: str | None
    error: str | None


class SimulatorUser:
    """The SIMULATOR model with the built-in driver's prompt; follow-ups are facts it may
    give. Unlike the driver's user it never falls back to a script: a model failure ends
    the dialog as an error of the case."""

    simulator = "model"

    def __init__(self, spec: SimulatedSpec, client: ModelClient) -> None:
        self.spec = spec
        self.client = client
        self.model: str | None = client.model
        self.warnings: list[str] = []

    def heed(self, deviation: str) -> None:
        """A replay: the prompt names how the discarded try deviated."""
        self.warnings.append(deviation)

    async def next_turn(self, history: Sequence[Turn]) -> UserTurn | Stop:
        if not history and self.spec.opening:
            return UserTurn(self.spec.opening, "case")
        exchanges = [_DialogTurn(t.index, t.sent_message, t.reply, t.error) for t in history]
        try:
            answer = await ask_simulator(self.client, self.spec.persona, self.spec.goal,
                                         self.spec.follow_ups, exchanges, self.warnings)
        except ModelCallError as error:
            return Stop(SIMULATOR_FAILED, f"simulator model failed: {error.message}")
        if answer.done and self.spec.stop_when.simulator and history:
            return Stop(SIMULATOR_DONE, answer.reason)
        if answer.message:
            return UserTurn(answer.message, "simulator")
        if not history:  # nothing to open with: the goal itself, as the driver does
            return UserTurn(self.spec.goal, "case")
        return Stop(SIMULATOR_DONE, answer.reason)


class _NoSimulator:
    """A model case whose SIMULATOR is gone since the case was saved: an error, not a crash."""

    simulator = "model"
    model: str | None = None

    async def next_turn(self, history: Sequence[Turn]) -> UserTurn | Stop:
        return Stop(SIMULATOR_FAILED, "simulator model failed: no SIMULATOR model is "
                                      "configured")


def play_case(spec: SimulatedSpec, simulator: ModelClient | None) -> CaseUser:
    """The user `spec` asks for (the script, or the SIMULATOR model)."""
    if spec.simulator == "script":
        return ScriptUser(spec)
    if simulator is None:  # refused when the case was saved; a config may go since
        return _NoSimulator()
    return SimulatorUser(spec, simulator)


class CasePlayers:
    """`play_case` with the number of reruns a deviating SIMULATOR user gets (the
    composition root passes AGENTEVAL_SIMULATOR_RERUNS); the engine reads `reruns` off
    the PlayCase it is handed, and a plain function gets DEFAULT_RERUNS."""

    def __init__(self, reruns: int = DEFAULT_RERUNS, review: bool = False) -> None:
        self.reruns = max(0, reruns)
        self.review = review  # the JUDGE also reviews each model-played user (when configured)

    def __call__(self, spec: SimulatedSpec, simulator: ModelClient | None) -> CaseUser:
        return play_case(spec, simulator)


def reruns_of(users: PlayCase) -> int:
    """The reruns `users` allows (DEFAULT_RERUNS for a PlayCase that does not say)."""
    reruns = getattr(users, "reruns", DEFAULT_RERUNS)
    return reruns if isinstance(reruns, int) else DEFAULT_RERUNS


def reviews(users: PlayCase) -> bool:
    """Whether the JUDGE reviews the users `users` plays (AGENTEVAL_SIMULATOR_REVIEW)."""
    return getattr(users, "review", False) is True
