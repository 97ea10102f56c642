"""The `models` provider built from ModelConfig rows, with the database response cache."""

from __future__ import annotations

from agenteval.engine.catalog.configured_models import load_model_provider
from agenteval.store.models import ModelConfig
from agenteval.store.response_cache import DatabaseResponseCache


async def test_every_configured_role_gets_a_client_with_its_params(db: str) -> None:
    await ModelConfig.create(role="JUDGE", provider="openai", model="judge-x",
                             base_url="http://127.0.0.1:9/v1", api_key="sk-1",
                             params={"max_dialog_chars": 500, "temperature": 0.2})
    await ModelConfig.create(role="EMBEDDING", provider="openai", model="embed-x",
                             base_url=None, api_key=None, params={})

    async with await load_model_provider() as models:
        judge = models.get("JUDGE")
        assert judge is not None and judge.model == "judge-x"
        assert (judge.endpoint.max_dialog_chars, judge.endpoint.temperature) == (500, 0.2)
        assert judge.endpoint.api_key == "sk-1"
        assert models.get("EMBEDDING") is not None
        assert models.get("MODERATION") is None
        assert models.roles == ["EMBEDDING", "JUDGE"]
        assert isinstance(models.response_cache, DatabaseResponseCache)


async def test_no_configs_means_no_clients(db: str) -> None:
    async with await load_model_provider() as models:
        assert all(models.get(role) is None for role in ("JUDGE", "EMBEDDING", "MODERATION"))
