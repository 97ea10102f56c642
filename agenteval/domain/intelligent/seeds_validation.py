"""Validation of an intelligent eval's `seeds` (personas: domain/personas.py).

Seeds are free-form JSON with three known parts, all optional: `personas`, `goals` and
`language` (zh | en: the eval's stated language, see domain/eval_language.py). Known
fields are type-checked; unknown keys are kept as they are.
"""

from __future__ import annotations

import copy
from typing import Any

from agenteval.domain.eval_language import LANGUAGES, SEEDS_KEY
from agenteval.domain.eval_validation import (
    check_json_size,
    check_list,
    check_object,
    check_string,
    check_string_list,
    item_path,
    key_path,
)
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_JSON_CHARS
from agenteval.domain.personas import check_persona
from agenteval.errors import FieldError


def validate_seeds(seeds: Any, path: str = "input.seeds") -> dict[str, Any]:
    """Return a copy of `seeds` when valid; ValidationFailed naming every bad field otherwise."""
    errors = FieldErrors()
    check_seeds(errors, seeds, path)
    errors.raise_if_any()
    return copy.deepcopy(seeds)


def check_seeds(errors: FieldErrors, seeds: Any, path: str) -> None:
    if check_object(errors, seeds, path) is None:
        return
    if not check_json_size(errors, seeds, path, MAX_JSON_CHARS):
        return
    personas = check_list(errors, seeds, "personas", path, required=False)
    for index, persona in enumerate(personas or []):
        check_persona(errors, persona, item_path(key_path(path, "personas"), index))
    goals = check_list(errors, seeds, "goals", path, required=False)
    for index, goal in enumerate(goals or []):
        _check_seed_goal(errors, goal, item_path(key_path(path, "goals"), index))
    check_language(errors, seeds.get(SEEDS_KEY), key_path(path, SEEDS_KEY))


def check_language(errors: list[dict[str, str]], language: Any, path: str) -> None:
    """An eval's language: absent, or one of LANGUAGES."""
    if language is not None and language not in LANGUAGES:
        errors.append(FieldError(path, f"must be one of {', '.join(LANGUAGES)}"))


def _check_seed_goal(errors: FieldErrors, goal: Any, path: str) -> None:
    if check_object(errors, goal, path) is None:
        return
    check_string(errors, goal, "goal", path)
    check_string(errors, goal, "dimension", path, required=False)
    script = goal.get("script")
    if script is None:
        return
    script_path = key_path(path, "script")
    if check_object(errors, script, script_path) is None:
        return
    # A script is what the scripted driver says: without an opening it has nothing to say.
    check_string(errors, script, "opening", script_path)
    check_string_list(errors, script, "follow_ups", script_path, required=False)
    check_string_list(errors, script, "success_signals", script_path, required=False)
