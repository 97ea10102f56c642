"""Settings from the environment, overridden by flags."""

from __future__ import annotations

import pytest

from agenteval.config import Settings


def test_defaults_are_the_embedded_setup() -> None:
    settings = Settings.from_env({})
    assert settings.database_url == "sqlite://./agenteval.db"
    assert (settings.host, settings.port, settings.graphiql) == ("127.0.0.1", 8000, True)
    assert settings.redis_url is None and settings.api_url == "http://127.0.0.1:8000/graphql"


def test_environment_is_read_and_flags_win() -> None:
    env = {"AGENTEVAL_PORT": "9000", "AGENTEVAL_GRAPHIQL": "false",
           "AGENTEVAL_TIME_SCALE": "0.001", "AGENTEVAL_REDIS_URL": "redis://x"}
    settings = Settings.from_env(env, port=None, host="0.0.0.0")
    assert settings.port == 9000 and settings.graphiql is False and settings.time_scale == 0.001
    assert settings.host == "0.0.0.0" and settings.redis_url == "redis://x"
    assert Settings.from_env(env, port=7000).port == 7000


def test_a_malformed_number_stops_with_a_clear_message() -> None:
    with pytest.raises(SystemExit, match="AGENTEVAL_PORT='eighty'"):
        Settings.from_env({"AGENTEVAL_PORT": "eighty"})


def test_the_size_settings_default_to_the_domains_limits() -> None:
    from agenteval.domain import limits

    settings = Settings()
    assert (settings.max_message_chars, settings.max_reply_chars, settings.max_cases) == (
        limits.MAX_MESSAGE, limits.MAX_REPLY, limits.MAX_CASES)
