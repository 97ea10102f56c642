"""A virtual user's persona, as seeds and simulated cases give it: an object with optional
`name`, `background`, `personality` and `patience` (low | medium | high). Both systems'
inputs are checked here, so a persona means the same in an eval's seeds and a case."""

from __future__ import annotations

from typing import Any

from agenteval.domain.eval_validation import check_json_size, check_object, check_string, key_path
from agenteval.domain.field_errors import FieldErrors

PATIENCE_LEVELS = ("low", "medium", "high")
MAX_PERSONA_JSON_CHARS = 20_000


def check_persona(errors: FieldErrors, persona: Any, path: str) -> None:
    """A persona: an object with optional `name`, `background`, `personality`, `patience`."""
    if check_object(errors, persona, path) is None:
        return
    if not check_json_size(errors, persona, path, MAX_PERSONA_JSON_CHARS):
        return
    for key in ("name", "background", "personality"):
        check_string(errors, persona, key, path, required=False)
    patience = persona.get("patience")
    if patience is not None and patience not in PATIENCE_LEVELS:
        errors.add(key_path(path, "patience"), f"must be one of {', '.join(PATIENCE_LEVELS)}")
