"""A model endpoint's URLs: paths go before a base URL's query; its secrets are masked."""

from __future__ import annotations

from agenteval.llm.config import ModelEndpoint


def test_the_path_goes_before_the_base_urls_query() -> None:
    endpoint = ModelEndpoint("JUDGE", "m", base_url="https://h/openai/v1/?api-version=2026-01")
    assert endpoint.url_for("/chat/completions") == \
        "https://h/openai/v1/chat/completions?api-version=2026-01"
    assert ModelEndpoint("JUDGE", "m", base_url="http://h:8/v1").url_for("/embeddings") == \
        "http://h:8/v1/embeddings"


def test_masked_replaces_the_key_and_url_secrets_whatever_they_are_called() -> None:
    endpoint = ModelEndpoint("JUDGE", "m", base_url="http://u:pw-secret1@h/v1?sig=qs-secret2",
                             api_key="sk-secret3")
    text = endpoint.masked("echo pw-secret1 / qs-secret2 / sk-secret3 / Bearer sk-other")
    assert "secret" not in text and "sk-other" not in text
