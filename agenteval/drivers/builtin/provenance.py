"""What the built-in driver tells the API about who produced each thing it submits.

Each role's work is a `Trail`: every call either came from the configured model
or fell back to the script, with the reason (a ModelCallError kind: timeout,
invalid_output, cut, ...; `invalid_plan` / `invalid_verdict` when the model's
answer failed the server's own validation; `not_configured` when the role has
no model). `as_json()` is the `provenance` object stored with the plan
revision, the session's verdict and the report (see domain/intelligent/provenance.py).

With AGENTEVAL_DRIVER_FALLBACK=fail a fallback is not taken: `ModelFallbackRefused`
is raised instead, and the role's work stops with the model's error.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from agenteval.llm import ModelCallError, ModelClient

FALLBACK_ENV = "AGENTEVAL_DRIVER_FALLBACK"
FALLBACK_MODES = ("script", "fail")
DETAIL_CHARS = 300


class ModelFallbackRefused(Exception):
    """The model failed and AGENTEVAL_DRIVER_FALLBACK=fail forbids the scripted fallback."""

    def __init__(self, what: str, model: str | None, reason: str, detail: str | None) -> None:
        super().__init__(f"{what}: model {model} failed ({reason}) and "
                         f"{FALLBACK_ENV}=fail: {detail or reason}")
        self.reason = reason


def fallback_mode(environ: dict[str, str] | None = None) -> str:
    """`script` (default: carry on with the script, and say so) or `fail`."""
    value = (environ if environ is not None else os.environ).get(FALLBACK_ENV, "script")
    value = value.strip().lower() or "script"
    if value not in FALLBACK_MODES:
        raise ValueError(f"{FALLBACK_ENV}={value!r}: expected one of {', '.join(FALLBACK_MODES)}")
    return value


def reason_of(error: ModelCallError) -> str:
    return error.kind


@dataclass
class Trail:
    """The calls of one role's work (one plan, one session's turns, one verdict, one report)."""

    what: str  # "plan", "simulated turns", "verdict", "report": for messages
    model: str | None
    fallback: str = "script"
    model_calls: int = 0
    script_calls: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    detail: str | None = None

    @classmethod
    def of(cls, what: str, client: ModelClient | None, fallback: str | None = None) -> Trail:
        trail = cls(what, client.model if client is not None else None,
                    fallback or fallback_mode())
        return trail

    def used_model(self) -> None:
        self.model_calls += 1

    def used_script(self, reason: str, detail: str | None = None) -> None:
        """One scripted call; raises ModelFallbackRefused when the fallback is `fail` and a
        configured model failed (a role with no model always uses the script)."""
        if self.model is not None and self.fallback == "fail" and reason != "not_configured":
            raise ModelFallbackRefused(self.what, self.model, reason, detail)
        self.script_calls += 1
        self.reasons[reason] += 1
        if detail:
            self.detail = detail[:DETAIL_CHARS]

    def model_failed(self, error: ModelCallError) -> None:
        self.used_script(reason_of(error), error.message)

    @property
    def source(self) -> str:
        if self.script_calls and self.model_calls:
            return "mixed"
        return "model" if self.model_calls else "script"

    def as_json(self) -> dict[str, Any]:
        reason = None
        if self.model is None:
            reason = "not_configured"
        elif self.reasons:
            reason = self.reasons.most_common(1)[0][0]
        return {"source": self.source, "model": self.model, "reason": reason,
                "detail": self.detail,
                "calls": {"model": self.model_calls, "script": self.script_calls}}
