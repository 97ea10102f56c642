"""The registry: channel types, config validation with paths, secrets masking and merging."""

from __future__ import annotations

import pytest

from agenteval.channels import SECRET_PLACEHOLDER, TargetSpec, create_channel_factory
from agenteval.errors import ValidationFailed

# One factory for the module's checks: none of them opens a connection.
channel_factory = create_channel_factory()


def test_the_default_factory_lists_every_built_in_type_with_a_schema():
    types = {info.name: info for info in channel_factory.types()}
    assert set(types) == {"openai_chat", "http", "websocket", "demo"}
    for info in types.values():
        assert info.description and info.config_schema["type"] == "object"
    assert types["openai_chat"].config_schema["properties"]["api_key"]["writeOnly"] is True


def test_a_valid_config_has_no_problems():
    assert (
        channel_factory.validate_config(
            "http", {"url": "http://bot/chat", "reply_path": "data.answer"}
        )
        == []
    )
    assert channel_factory.validate_config("demo", {}) == []


def test_problems_name_the_field_path():
    problems = channel_factory.validate_config(
        "openai_chat",
        {"model": "", "timeout_s": "soon", "retries": -1, "base_url": "localhost:8000"},
    )
    paths = [p["path"] for p in problems]
    assert paths == sorted(paths)
    assert set(paths) == {
        "channelConfig.base_url",
        "channelConfig.model",
        "channelConfig.retries",
        "channelConfig.timeout_s",
    }


def test_missing_required_and_unknown_fields_point_at_the_field():
    problems = channel_factory.validate_config(
        "http", {"reply_path": "a", "urll": "http://x"}, path="input.channelConfig"
    )
    assert {"path": "input.channelConfig.url", "message": "is required"} in problems
    assert {"path": "input.channelConfig.urll", "message": "is not a known field"} in problems


def test_nested_header_values_are_checked():
    problems = channel_factory.validate_config(
        "http", {"url": "http://x", "reply_path": "a", "headers": {"X-Token": 42}}
    )
    assert [p["path"] for p in problems] == ["channelConfig.headers.X-Token"]


def test_an_unknown_type_is_reported_on_channel_type():
    [problem] = channel_factory.validate_config("carrier_pigeon", {})
    assert problem["path"] == "channelType" and "openai_chat" in problem["message"]


def test_a_config_that_is_not_an_object_is_a_problem():
    [problem] = channel_factory.validate_config("demo", ["zh"])
    assert problem["path"] == "channelConfig"


def test_opening_an_invalid_target_raises_validation_failed():
    with pytest.raises(ValidationFailed) as caught:
        channel_factory.open(TargetSpec("t", "http", {"url": "ftp://x"}))
    assert {e["path"] for e in caught.value.errors} == {
        "channelConfig.url",
        "channelConfig.reply_path",
    }


def test_secrets_read_back_as_the_placeholder_including_header_values():
    stored = {
        "url": "http://x",
        "reply_path": "a",
        "headers": {"Authorization": "Bearer abc", "X-Trace": "1"},
        "body": {"api_key": "not a secret field here"},
    }
    masked = channel_factory.mask_secrets("http", stored)
    assert masked["headers"] == {"Authorization": SECRET_PLACEHOLDER, "X-Trace": SECRET_PLACEHOLDER}
    assert masked["url"] == "http://x" and masked["body"] == stored["body"]
    assert stored["headers"]["Authorization"] == "Bearer abc"  # the stored config is not touched

    openai = channel_factory.mask_secrets(
        "openai_chat", {"base_url": "http://x", "model": "m", "api_key": "sk-1"}
    )
    assert openai == {"base_url": "http://x", "model": "m", "api_key": SECRET_PLACEHOLDER}


def test_the_placeholder_keeps_the_stored_secret_and_a_new_value_replaces_it():
    stored = {"base_url": "http://old", "model": "m", "api_key": "sk-old"}

    kept = channel_factory.merge_secrets(
        "openai_chat",
        {"base_url": "http://new", "model": "m", "api_key": SECRET_PLACEHOLDER},
        stored,
    )
    replaced = channel_factory.merge_secrets(
        "openai_chat", {"base_url": "http://new", "model": "m", "api_key": "sk-new"}, stored
    )
    removed = channel_factory.merge_secrets(
        "openai_chat", {"base_url": "http://new", "model": "m"}, stored
    )

    assert kept == {"base_url": "http://new", "model": "m", "api_key": "sk-old"}
    assert replaced["api_key"] == "sk-new"
    assert "api_key" not in removed


def test_merging_nested_header_secrets():
    stored = {"url": "http://x", "reply_path": "a", "headers": {"Authorization": "Bearer abc"}}
    new = {
        "url": "http://x",
        "reply_path": "a",
        "headers": {"Authorization": SECRET_PLACEHOLDER, "X-New": SECRET_PLACEHOLDER},
    }
    merged = channel_factory.merge_secrets("http", new, stored)
    assert merged["headers"] == {
        "Authorization": "Bearer abc"
    }  # a placeholder with nothing stored is dropped


def test_registering_a_name_twice_or_a_broken_schema_fails_fast():
    factory = create_channel_factory()
    with pytest.raises(ValueError):
        factory.register("demo", "again", {"type": "object"}, object)  # type: ignore[arg-type]  # never opened
    with pytest.raises(Exception, match="not valid"):
        factory.register("broken", "bad schema", {"type": 12}, object)  # type: ignore[arg-type]  # never opened
