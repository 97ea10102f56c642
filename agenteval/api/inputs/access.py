"""Inputs for targets and model configs.

Optional fields default to UNSET (no default in the SDL, as in the contract);
resolvers read them through `agenteval.api.inputs.value`.
"""

from __future__ import annotations

import strawberry
from strawberry import UNSET
from strawberry.scalars import JSON


@strawberry.input
class CreateTargetInput:
    name: str
    description: str | None = UNSET
    channel_type: str
    channel_config: JSON
    max_concurrency: int = 8


@strawberry.input
class UpdateTargetInput:
    name: str | None = UNSET
    description: str | None = UNSET
    channel_config: JSON | None = UNSET
    max_concurrency: int | None = UNSET


@strawberry.input
class ModelConfigInput:
    provider: str
    base_url: str | None = UNSET
    model: str
    api_key: str | None = UNSET
    params: JSON | None = UNSET
