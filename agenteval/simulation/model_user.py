"""The SIMULATOR model playing a persona, turn by turn ({message, done, reason} JSON).

One prompt for everyone who lets a model play the user: the built-in driver's virtual
users (drivers/builtin/users.py) and simulated cases in static runs
(simulation/case_users.py).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from agenteval.llm import ModelCallError, ModelClient
from agenteval.llm.structured_output import strict_object

logger = logging.getLogger("agenteval.driver")

SIMULATOR_SCHEMA: dict[str, Any] = strict_object({
    "message": {"type": "string"},
    "done": {"type": "boolean"},
    "reason": {"type": ["string", "null"]},
})

PATIENCE_HINTS = {
    "low": "You are impatient: after two unhelpful or repetitive replies you complain or give up.",
    "medium": "You give the agent a fair chance but get annoyed by repeated questions.",
    "high": "You are patient and explain yourself again when misunderstood.",
}


class DialogTurn(Protocol):
    """One turn as the simulator reads it: the customer's message and the agent's answer."""

    @property
    def index(self) -> int: ...
    @property
    def user(self) -> str: ...
    @property
    def reply(self) -> str | None: ...
    @property
    def error(self) -> str | None: ...


class CallTrail(Protocol):
    """Where a caller records whether each turn came from the model (the driver's Trail)."""

    def used_model(self) -> None: ...
    def model_failed(self, error: ModelCallError) -> None: ...


@dataclass(frozen=True)
class SimulatorAnswer:
    """What the simulator said: its next message (may be empty), and whether it is done."""

    message: str
    done: bool
    reason: str | None


def system_prompt(persona: dict[str, Any], goal: str, script_hints: Sequence[str] = (),
                  warnings: Sequence[str] = ()) -> str:
    patience = str(persona.get("patience") or "medium")
    lines = [
        "You play a customer talking to a customer-service agent, to test the agent.",
        "Stay in character; write only what the customer types, in the customer's language.",
        f"Persona (JSON): {json.dumps(persona, ensure_ascii=False)}",
        PATIENCE_HINTS.get(patience, PATIENCE_HINTS["medium"]),
        f"Your goal: {goal}",
    ]
    if script_hints:
        lines.append("Facts you may give when asked or when useful: "
                     + json.dumps(list(script_hints), ensure_ascii=False))
    for warning in warnings:  # a replay after a caught deviation (issue 40)
        lines.append("An earlier try of this conversation was discarded because the customer "
                     f"{warning}. Stay the customer; state only facts from the persona, the "
                     "goal or the facts you were given; never speak as the agent or about "
                     "this test.")
    lines.append('Answer with a JSON object {"message": "...", "done": false, "reason": "..."}. '
                 'Set "done" to true (message may be empty) when the goal is clearly '
                 "achieved, or when you give up; say why in reason.")
    return "\n".join(lines)


def simulator_messages(persona: dict[str, Any], goal: str, script_hints: Sequence[str],
                       history: Sequence[DialogTurn],
                       warnings: Sequence[str] = ()) -> list[dict[str, str]]:
    """The chat messages asking the simulator for its next turn."""
    dialog = "\n".join(f"[turn {t.index}] customer: {t.user}\n[turn {t.index}] agent: "
                       f"{t.reply if t.error is None else '(no answer: ' + t.error + ')'}"
                       for t in history) or "(the conversation has not started)"
    return [{"role": "system", "content": system_prompt(persona, goal, script_hints, warnings)},
            {"role": "user", "content": f"Conversation so far:\n{dialog}\n\n"
                                        "Your next message as JSON."}]


async def ask_simulator(model: ModelClient, persona: dict[str, Any], goal: str,
                        script_hints: Sequence[str],
                        history: Sequence[DialogTurn],
                        warnings: Sequence[str] = ()) -> SimulatorAnswer:
    """The simulator's next turn; raises ModelCallError when the model cannot answer.
    `warnings` name deviations of earlier, discarded tries (a replay)."""
    answer = await model.chat(simulator_messages(persona, goal, script_hints, history,
                                                 warnings),
                              json_schema=SIMULATOR_SCHEMA, schema_name="simulated_turn")
    data = answer.data or {}
    return SimulatorAnswer(str(data.get("message") or "").strip(), bool(data.get("done")),
                           None if data.get("reason") is None else str(data["reason"]))


class ModelUser:
    """The built-in driver's model-played user: on a model failure it stops (or, before the
    first turn, says the fallback opening) and records why in `stop_reason`."""

    def __init__(self, model: ModelClient, persona: dict[str, Any], goal: str,
                 script_hints: Sequence[str] = (), fallback_opening: str | None = None,
                 trail: CallTrail | None = None) -> None:
        self.model = model
        self.persona = persona
        self.goal = goal
        self.script_hints = list(script_hints)
        self.fallback_opening = fallback_opening or goal
        self.stop_reason: str | None = None
        self.trail = trail

    def system_prompt(self) -> str:
        return system_prompt(self.persona, self.goal, self.script_hints)

    async def next_message(self, history: Sequence[DialogTurn]) -> str | None:
        try:
            answer = await ask_simulator(self.model, self.persona, self.goal,
                                         self.script_hints, history)
        except ModelCallError as error:
            logger.warning("simulator model failed (%s); the virtual user stops", error)
            self.stop_reason = f"simulator model failed: {error.message}"
            if self.trail is not None:
                self.trail.model_failed(error)  # the scripted opening, or the scripted stop
            return self.fallback_opening if not history else None
        if self.trail is not None:
            self.trail.used_model()
        text = answer.message
        if answer.done and (history or not text):
            self.stop_reason = answer.reason or "done"
            return None if history else (text or self.fallback_opening)
        return text or (None if history else self.fallback_opening)
