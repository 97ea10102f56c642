"""Virtual users: who says what next in a session (scripted, or played by the SIMULATOR model)."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any, Protocol

from agenteval.drivers.builtin.detectors import Turn
from agenteval.drivers.builtin.provenance import Trail
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


class ModelUser:
    """The SIMULATOR model plays the persona turn by turn ({message, done, reason} JSON)."""

    def __init__(self, model: ModelClient, persona: dict[str, Any], goal: str,
                 script_hints: Sequence[str] = (), fallback_opening: str | None = None) -> None:
        self.model = model
        self.persona = persona
        self.goal = goal
        self.script_hints = list(script_hints)
        self.fallback_opening = fallback_opening or goal
        self.stop_reason: str | None = None
        self.trail = Trail.of("simulated turns", model)

    def system_prompt(self) -> str:
        patience = str(self.persona.get("patience") or "medium")
        lines = [
            "You play a customer talking to a customer-service agent, to test the agent.",
            "Stay in character; write only what the customer types, in the customer's language.",
            f"Persona (JSON): {json.dumps(self.persona, ensure_ascii=False)}",
            PATIENCE_HINTS.get(patience, PATIENCE_HINTS["medium"]),
            f"Your goal: {self.goal}",
        ]
        if self.script_hints:
            lines.append("Facts you may give when asked or when useful: "
                         + json.dumps(self.script_hints, ensure_ascii=False))
        lines.append('Answer with a JSON object {"message": "...", "done": false, "reason": "..."}. '
                     'Set "done" to true (message may be empty) when the goal is clearly '
                     "achieved, or when you give up; say why in reason.")
        return "\n".join(lines)

    async def next_message(self, history: Sequence[Turn]) -> str | None:
        dialog = "\n".join(f"[turn {t.index}] customer: {t.user}\n[turn {t.index}] agent: "
                           f"{t.reply if t.error is None else '(no answer: ' + t.error + ')'}"
                           for t in history) or "(the conversation has not started)"
        messages = [{"role": "system", "content": self.system_prompt()},
                    {"role": "user", "content": f"Conversation so far:\n{dialog}\n\n"
                                                "Your next message as JSON."}]
        try:
            answer = await self.model.chat(messages, json_schema=SIMULATOR_SCHEMA,
                                           schema_name="simulated_turn")
        except ModelCallError as error:
            logger.warning("simulator model failed (%s); the virtual user stops", error)
            self.stop_reason = f"simulator model failed: {error.message}"
            self.trail.model_failed(error)  # the scripted opening, or the scripted stop
            return self.fallback_opening if not history else None
        self.trail.used_model()
        data = answer.data or {}
        text = str(data.get("message") or "").strip()
        if data.get("done") and (history or not text):
            self.stop_reason = str(data.get("reason") or "done")
            return None if history else (text or self.fallback_opening)
        return text or (None if history else self.fallback_opening)
