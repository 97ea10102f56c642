"""Who produced a plan, a verdict or a report: the configured model, or the script and why.

An agent may attach `provenance` (a small JSON object) to what it submits; the
built-in driver always does, so a report can say that the model it was given
was not really used ("Planner: smollm2, fell back to the scripted plan after 2
invalid answers"). Its shape, as the built-in driver writes it:

    {"source": "model" | "script" | "mixed", "model": "smollm2" | null,
     "reason": "timeout" | "invalid_output" | "cut" | "not_configured" | ... | null,
     "detail": "<the model's error, short>" | null,
     "calls": {"model": <int>, "script": <int>}}          # per call, e.g. simulated turns

`mixed` is a session whose turns or verdict came partly from the model and partly
from the script. Nothing here is trusted for a decision: it is shown, not acted on.
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.eval_validation import check_json_size, check_object
from agenteval.domain.field_errors import FieldErrors

MAX_PROVENANCE_CHARS = 4000
KEY = "provenance"


def check_provenance(errors: FieldErrors, container: dict[str, Any], path: str
                     ) -> dict[str, Any] | None:
    """The container's `provenance` when it is a small object (absent or null: None)."""
    value = container.get(KEY)
    if value is None:
        return None
    where = f"{path}.{KEY}"
    if check_object(errors, value, where) is None:
        return None
    if not check_json_size(errors, value, where, MAX_PROVENANCE_CHARS):
        return None
    return dict(value)


def with_provenance(normalised: dict[str, Any], provenance: dict[str, Any] | None
                    ) -> dict[str, Any]:
    """`normalised` with `provenance` added when there is one (stored shapes stay as they
    were for agents that send none)."""
    return {**normalised, KEY: provenance} if provenance is not None else normalised
