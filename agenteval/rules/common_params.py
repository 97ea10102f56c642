"""Params every rule of one model role shares, merged into its params schema at registration.

JUDGE rules all take `samples` (n-sample majority vote), `cache` (reuse a
stored judge response) and `scope` (what the judge reads; the seed names it
`evaluation_scope`, accepted as an alias).
"""

from __future__ import annotations

import copy
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.rules.base import RULE_SCOPES, RuleModelRole, RuleScope

MAX_JUDGE_SAMPLES = 15

# Alias → canonical param name; applied before validation and before building.
PARAM_ALIASES = {"evaluation_scope": "scope"}


def common_params(model_role: RuleModelRole | None, scope: RuleScope) -> dict[str, Any]:
    """The JSON Schema properties shared by every rule of `model_role` (none for most)."""
    if model_role != "JUDGE":
        return {}
    return {
        "samples": {"type": "integer", "minimum": 1, "maximum": MAX_JUDGE_SAMPLES, "default": 1,
                    "description": "judge samples; the verdict is their majority vote"},
        "cache": {"type": "boolean", "default": True,
                  "description": "reuse a stored judge response for identical prompts"},
        "scope": {"enum": list(RULE_SCOPES), "default": scope,
                  "description": "what the judge reads; also accepted as evaluation_scope"},
    }


def with_common_params(schema: dict[str, Any], model_role: RuleModelRole | None,
                       scope: RuleScope) -> dict[str, Any]:
    """`schema` with the role's common params added and unknown params refused by default."""
    merged = copy.deepcopy(schema)
    merged.setdefault("type", "object")
    merged.setdefault("additionalProperties", False)
    properties = merged.setdefault("properties", {})
    for name, spec in common_params(model_role, scope).items():
        properties.setdefault(name, spec)
    return merged


def apply_aliases(params: dict[str, Any], properties: dict[str, Any],
                  path: str) -> tuple[dict[str, Any], FieldErrors]:
    """Rename alias params to their canonical names; both given at once is an error."""
    renamed = dict(params)
    errors = FieldErrors()
    for alias, canonical in PARAM_ALIASES.items():
        if alias not in renamed or canonical not in properties:
            continue
        value = renamed.pop(alias)
        if canonical in renamed:
            errors.add(f"{path}.{alias}", f"give either {canonical} or {alias}, not both")
            continue
        renamed[canonical] = value
    return renamed, errors
