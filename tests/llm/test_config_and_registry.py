"""Endpoint configuration helpers and the per-role registry."""

from __future__ import annotations

import pytest

from agenteval.llm import ModelClient, ModelEndpoint, ModelRegistry


def test_endpoint_defaults() -> None:
    endpoint = ModelEndpoint(role="JUDGE", model="m")

    assert endpoint.url == "https://api.openai.com/v1"
    assert (endpoint.timeout_s, endpoint.max_concurrency, endpoint.retries) == (60, 4, 2)
    assert (endpoint.temperature, endpoint.max_tokens, endpoint.max_dialog_chars) == (0, 1024,
                                                                                     24000)
    assert endpoint.json_mode is True


def test_endpoint_params_override_defaults_and_pass_through() -> None:
    endpoint = ModelEndpoint(role="JUDGE", model="m", base_url="http://h:1/v1/",
                             params={"timeout_s": 5, "max_tokens": 300, "top_p": 0.9,
                                     "max_dialog_chars": 1000})

    assert endpoint.url == "http://h:1/v1"
    assert (endpoint.timeout_s, endpoint.max_tokens, endpoint.max_dialog_chars) == (5, 300, 1000)
    assert endpoint.request_params == {"top_p": 0.9}


def test_the_api_key_is_not_in_the_repr() -> None:
    endpoint = ModelEndpoint(role="JUDGE", model="m", api_key="sk-very-secret")

    assert "sk-very-secret" not in repr(endpoint)


@pytest.mark.parametrize("bad", [{"role": "CRITIC", "model": "m"},
                                 {"role": "JUDGE", "model": ""},
                                 {"role": "JUDGE", "model": "m", "provider": "anthropic"}])
def test_bad_endpoints_are_refused(bad: dict) -> None:
    with pytest.raises(ValueError):
        ModelEndpoint(**bad)


async def test_registry_gives_the_client_of_a_configured_role_only() -> None:
    registry = ModelRegistry([ModelEndpoint(role="JUDGE", model="j"),
                              ModelEndpoint(role="EMBEDDING", model="e")])

    judge = registry.get("JUDGE")
    assert isinstance(judge, ModelClient) and judge.model == "j"
    assert registry.get("judge") is judge
    assert registry.get("MODERATION") is None
    assert registry.roles == ["EMBEDDING", "JUDGE"]
    await registry.aclose()


def test_registry_refuses_two_configs_for_one_role() -> None:
    with pytest.raises(ValueError, match="two model configs for role JUDGE"):
        ModelRegistry([ModelEndpoint(role="JUDGE", model="a"),
                       ModelEndpoint(role="JUDGE", model="b")])


def test_a_client_param_of_the_wrong_kind_is_refused_with_its_path() -> None:
    import pytest

    with pytest.raises(ValueError, match=r"params.structured_output: 'jsonschema' is not one of"):
        ModelEndpoint(role="JUDGE", model="m", params={"structured_output": "jsonschema"})
    with pytest.raises(ValueError, match=r"params.retry_on_timeout: 'yes' is not of type"):
        ModelEndpoint(role="JUDGE", model="m", params={"retry_on_timeout": "yes"})
    assert ModelEndpoint(role="JUDGE", model="m", params={"top_k": 5}).request_params == {
        "top_k": 5}
