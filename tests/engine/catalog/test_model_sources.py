"""Models from the environment and a --models file, and their precedence over stored rows."""

from __future__ import annotations

import pytest

from agenteval.engine.catalog.configured_models import (
    ConfiguredModels,
    effective_model_configs,
    judge_configured,
    load_model_provider,
)
from agenteval.engine.catalog.model_sources import (
    ModelSourceError,
    environment_endpoints,
    file_endpoints,
    file_models,
)
from agenteval.store.models import ModelConfig


def model_name(models: ConfiguredModels, role: str) -> str | None:
    client = models.get(role)
    return None if client is None else client.model


JUDGE_ENV = {"AGENTEVAL_JUDGE_MODEL": "env-judge",
             "AGENTEVAL_JUDGE_BASE_URL": "http://127.0.0.1:9/v1",
             "AGENTEVAL_JUDGE_API_KEY": "sk-env"}


def test_the_environment_configures_judge_embedding_and_moderation() -> None:
    env = {**JUDGE_ENV, "AGENTEVAL_EMBEDDING_MODEL": "embed",
           "AGENTEVAL_PLANNER_MODEL": "not-from-env"}
    endpoints = environment_endpoints(env)
    assert [(e.role, e.model) for e in endpoints] == [("JUDGE", "env-judge"),
                                                      ("EMBEDDING", "embed")]
    assert endpoints[0].api_key == "sk-env" and endpoints[1].base_url is None


def test_an_incomplete_environment_is_an_error_not_a_silent_default() -> None:
    with pytest.raises(ModelSourceError, match="AGENTEVAL_JUDGE_MODEL is not"):
        environment_endpoints({"AGENTEVAL_JUDGE_BASE_URL": "http://127.0.0.1:9/v1"})
    with pytest.raises(ModelSourceError, match="http"):
        environment_endpoints({"AGENTEVAL_JUDGE_MODEL": "m", "AGENTEVAL_JUDGE_BASE_URL": "x"})


def test_a_models_file_reads_keys_from_variables_and_names_each_problem() -> None:
    text = ("judge:\n  base_url: http://127.0.0.1:9/v1\n  model: j\n  api_key_env: MY_KEY\n"
            "  params: {temperature: 0}\n")
    [judge] = file_endpoints(text, "models.yaml", {"MY_KEY": "sk-file"})
    assert (judge.role, judge.model, judge.api_key, judge.params) == (
        "JUDGE", "j", "sk-file", {"temperature": 0})
    bad = "WRONG: {model: x}\nJUDGE: {base_url: ftp://x}\nEMBEDDING: {model: e, colour: red}\n"
    with pytest.raises(ModelSourceError) as problems:
        file_endpoints(bad, "m.yaml", {})
    message = str(problems.value)
    assert "m.yaml: WRONG: unknown role" in message
    assert "m.yaml: JUDGE.model: is required" in message
    assert "unknown key(s) colour" in message


async def test_a_stored_row_wins_over_the_environment_and_a_file_over_both(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {**JUDGE_ENV, "AGENTEVAL_MODERATION_MODEL": "env-mod"}.items():
        monkeypatch.setenv(name, value)
    assert await judge_configured()
    await ModelConfig.create(role="JUDGE", provider="openai", model="stored-judge",
                             base_url=None, api_key=None, params={})
    async with await load_model_provider() as models:
        assert model_name(models, "JUDGE") == "stored-judge"
        assert model_name(models, "MODERATION") == "env-mod"
    listed = {row.role: row.model for row in await effective_model_configs()}
    assert listed == {"JUDGE": "stored-judge", "MODERATION": "env-mod"}
    [from_file] = file_endpoints("JUDGE: {model: file-judge}", "m.yaml", {})
    with file_models([from_file]):
        async with await load_model_provider() as models:
            assert model_name(models, "JUDGE") == "file-judge"
    async with await load_model_provider() as models:
        assert model_name(models, "JUDGE") == "stored-judge"


async def test_without_any_source_judge_rules_stay_refused(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in JUDGE_ENV:
        monkeypatch.delenv(name, raising=False)
    assert not await judge_configured()
    assert await effective_model_configs() == []


def test_a_server_ignores_an_incomplete_environment_instead_of_failing(
        caplog: pytest.LogCaptureFixture) -> None:
    from agenteval.engine.catalog.model_sources import effective_endpoints

    assert effective_endpoints([], {"AGENTEVAL_JUDGE_API_KEY": "sk"}) == []
    assert "AGENTEVAL_JUDGE_MODEL is not" in caplog.text
