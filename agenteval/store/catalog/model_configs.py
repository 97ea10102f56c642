"""Per-role model endpoints on the database, handed out as frozen records (a row per role)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from agenteval.store.models import ModelConfig


@dataclass(frozen=True)
class StoredModelConfig:
    """One role's endpoint: stored, or (listing) configured from the environment."""

    role: str
    provider: str
    model: str
    base_url: str | None = None
    api_key: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


def _record(row: ModelConfig) -> StoredModelConfig:
    return StoredModelConfig(role=row.role, provider=row.provider, model=row.model,
                             base_url=row.base_url, api_key=row.api_key,
                             params=row.params)


async def every() -> list[StoredModelConfig]:
    return [_record(row) for row in await ModelConfig.all()]


async def of_roles(roles: Iterable[str]) -> list[StoredModelConfig]:
    return [_record(row) for row in await ModelConfig.filter(role__in=list(roles))]


async def find(role: str) -> StoredModelConfig | None:
    row = await ModelConfig.get_or_none(role=role)
    return None if row is None else _record(row)


async def stored(role: str) -> bool:
    return await ModelConfig.filter(role=role).exists()


async def put(role: str, values: dict[str, Any], *, exists: bool) -> StoredModelConfig:
    """Store the role's endpoint (`exists`: replace the stored row); what is stored now."""
    if not exists:
        return _record(await ModelConfig.create(role=role, **values))
    await ModelConfig.filter(role=role).update(**values)
    return _record(await ModelConfig.get(role=role))
