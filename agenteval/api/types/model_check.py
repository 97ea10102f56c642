"""ModelCheck: one role's `agenteval models check` result, as `checkModels` answers it."""

from __future__ import annotations

from typing import Any

import strawberry

from agenteval.api.types.enums import ModelRole


@strawberry.type(description="One role's check: a short call of that role's kind, shown and "
                             "never stored. baseUrl and error carry no credentials.")
class ModelCheck:
    role: ModelRole
    model: str
    base_url: str
    ok: bool
    reachable: bool
    latency_ms: int | None
    usage_reported: bool | None
    structured_output: str | None = strawberry.field(
        description="The structured-output form that worked: json_schema, "
                    "json_object_schema, json_object or none.")
    answer_valid: bool | None = strawberry.field(
        description="Whether the answer matched the role's schema.")
    sample: str | None
    error: str | None

    @classmethod
    def from_result(cls, result: dict[str, Any]) -> ModelCheck:
        return cls(role=ModelRole(result["role"]), model=result["model"],
                   base_url=result["base_url"], ok=bool(result["ok"]),
                   reachable=bool(result["reachable"]), latency_ms=result["latency_ms"],
                   usage_reported=result["usage_reported"],
                   structured_output=result["structured_output"],
                   answer_valid=result["answer_valid"], sample=result["sample"],
                   error=result["error"])
