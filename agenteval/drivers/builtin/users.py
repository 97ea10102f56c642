"""Virtual users: who says what next in a session (scripted, or played by the SIMULATOR model)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from agenteval.drivers.builtin.detectors import Turn
from agenteval.drivers.builtin.provenance import Trail
from agenteval.llm import ModelClient
from agenteval.simulation import model_user
from agenteval.simulation.model_user import PATIENCE_HINTS, SIMULATOR_SCHEMA

__all__ = ["PATIENCE_HINTS", "SIMULATOR_SCHEMA", "ModelUser", "ScriptedUser", "VirtualUser"]


class VirtualUser(Protocol):
    async def next_message(self, history: Sequence[Turn]) -> str | None:
        """The next user message given the turns so far; None when the user is done."""
        ...


class ScriptedUser:
    """Says the script's opening, then each follow-up, then stops."""

    def __init__(self, messages: Sequence[str]) -> None:
        self.messages = list(messages)
        self.trail = Trail.of("simulated turns", None)

    async def next_message(self, history: Sequence[Turn]) -> str | None:
        if len(history) >= len(self.messages):
            return None
        self.trail.used_script("not_configured")
        return self.messages[len(history)]


class ModelUser(model_user.ModelUser):
    """The SIMULATOR model plays the persona turn by turn (agenteval/simulation/model_user.py,
    shared with simulated cases); its calls go to the session's provenance trail."""

    def __init__(self, model: ModelClient, persona: dict[str, Any], goal: str,
                 script_hints: Sequence[str] = (), fallback_opening: str | None = None) -> None:
        super().__init__(model, persona, goal, script_hints, fallback_opening,
                         trail=Trail.of("simulated turns", model))
