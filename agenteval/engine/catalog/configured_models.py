"""The `models` a run's rules receive: clients built from the ModelConfig rows, plus the cache.

`load_model_provider()` reads the model configs once (a run judges with the
configs it started with), builds a ModelRegistry and pairs it with the
database response cache, so JUDGE / EMBEDDING / MODERATION answers are
reused by re-runs. Close it (`aclose`) when the run's work ends: it owns the
clients' HTTP sessions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agenteval.domain.alignment.revisions import RevisionOverlay
from agenteval.engine.catalog.model_sources import effective_endpoints
from agenteval.llm import ModelClient, ModelEndpoint, ModelRegistry, ResponseCache
from agenteval.llm.client import UsageSink
from agenteval.llm.config import MODEL_ROLES
from agenteval.store.catalog import model_configs
from agenteval.store.catalog.model_configs import StoredModelConfig
from agenteval.store.judge_revisions.revisions import load_overlay
from agenteval.store.response_cache import DatabaseResponseCache


class ConfiguredModels:
    """A ModelProvider: `get(role)` → the role's ModelClient or None; `response_cache` for rules;
    `judge_revisions`: the active judge revisions (examples learnt from reviewers)."""

    def __init__(self, registry: ModelRegistry, response_cache: ResponseCache | None,
                 judge_revisions: RevisionOverlay | None = None) -> None:
        self.registry = registry
        self.response_cache = response_cache
        self.judge_revisions = judge_revisions

    def get(self, role: Any) -> ModelClient | None:
        return self.registry.get(role)

    @property
    def roles(self) -> list[str]:
        return self.registry.roles

    async def aclose(self) -> None:
        await self.registry.aclose()

    async def __aenter__(self) -> ConfiguredModels:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


def endpoint_of(row: StoredModelConfig) -> ModelEndpoint:
    return ModelEndpoint(role=row.role, model=row.model,  # type: ignore[arg-type]  # checked
                         base_url=row.base_url, api_key=row.api_key, provider=row.provider,
                         params=dict(row.params or {}))


def endpoints_of(rows: Iterable[StoredModelConfig]) -> list[ModelEndpoint]:
    """Endpoints of the rows with a known role (an unknown role is skipped, not fatal)."""
    return [endpoint_of(row) for row in rows if row.role in MODEL_ROLES]


async def load_model_registry(usage_sink: UsageSink | None = None) -> ModelRegistry:
    """Clients for the effective endpoints: stored rows, the environment, a `--models` file."""
    return ModelRegistry(effective_endpoints(endpoints_of(await model_configs.every())),
                         usage_sink=usage_sink)


async def load_role_models(roles: Iterable[str], usage_sink: UsageSink | None = None
                           ) -> ModelRegistry | None:
    """Clients for the stored configs of `roles` (None: none of them is stored)."""
    endpoints = endpoints_of(await model_configs.of_roles(roles))
    return ModelRegistry(endpoints, usage_sink=usage_sink) if endpoints else None


async def effective_model_configs() -> list[StoredModelConfig]:
    """What `modelConfigs` lists: stored rows, and unsaved rows for the roles configured
    from the environment (or a `--models` file) that no stored row configures."""
    rows = {row.role: row for row in await model_configs.every()}
    for endpoint in effective_endpoints(endpoints_of(rows.values())):
        if endpoint.role not in rows or endpoint != endpoint_of(rows[endpoint.role]):
            rows[endpoint.role] = StoredModelConfig(
                role=endpoint.role, provider=endpoint.provider, base_url=endpoint.base_url,
                model=endpoint.model, api_key=endpoint.api_key, params=endpoint.params)
    return [rows[role] for role in sorted(rows)]


async def load_model_provider(response_cache: ResponseCache | None = None,
                              usage_sink: UsageSink | None = None) -> ConfiguredModels:
    """Clients for every configured role and the response cache (the database's by default);
    each call's usage goes to `usage_sink`. The active judge revisions are read once, like
    the configs: a run judges with the revisions it started with."""
    cache = response_cache if response_cache is not None else DatabaseResponseCache()
    return ConfiguredModels(await load_model_registry(usage_sink), cache,
                            await load_overlay())


async def role_configured(role: str) -> bool:
    """True when a model for `role` is configured: stored, from the environment or a file."""
    if any(e.role == role for e in effective_endpoints([])):
        return True
    return await model_configs.stored(role)


async def judge_configured() -> bool:
    """True when a JUDGE model is configured (JUDGE rules are accepted then)."""
    return await role_configured("JUDGE")


async def simulator_configured() -> bool:
    """True when a SIMULATOR model is configured (simulated cases played by it are
    accepted then)."""
    return await role_configured("SIMULATOR")
