"""The built-in rules' and channels' JSON Schemas are valid: checked here, not at every start.

Registries check the schema of whatever is registered from outside the package as it
is registered (`agenteval.plugins.is_builtin`); the built-in schemas are constants, so
the CI gate does not pay a dozen `check_schema` calls per process and this test keeps
the safety instead.
"""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from agenteval.channels import create_channel_factory
from agenteval.channels.demo import DemoChannel
from agenteval.plugins import is_builtin
from agenteval.rules import rule_types
from agenteval.rules.registry import get_rule

RULES = rule_types()
CHANNELS = create_channel_factory().types()


def test_every_builtin_registry_entry_is_seen():
    assert {"keyword_match", "json_schema", "response_time", "llm_score"} <= {
        rule.name for rule in RULES}
    assert {"openai_chat", "http", "websocket", "demo"} <= {c.name for c in CHANNELS}


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
def test_every_registered_rule_schema_is_a_valid_json_schema(rule):
    Draft202012Validator.check_schema(rule.params_schema)


@pytest.mark.parametrize("channel", CHANNELS, ids=lambda channel: channel.name)
def test_every_builtin_channel_schema_is_a_valid_json_schema(channel):
    Draft202012Validator.check_schema(channel.config_schema)


def test_only_what_the_package_defines_counts_as_builtin():
    registered = get_rule("keyword_match")
    assert registered is not None and is_builtin(registered.target)
    assert is_builtin(DemoChannel)

    class Outside:
        pass

    assert not is_builtin(Outside)  # defined in tests: checked as it is registered


def test_a_channel_from_outside_the_package_with_a_broken_schema_is_refused():
    class OutsideChannel:
        pass

    factory = create_channel_factory()
    with pytest.raises(SchemaError):
        factory.register("outside", "d", {"type": "nonsense"}, OutsideChannel)  # type: ignore[arg-type]
    assert "outside" not in {c.name for c in factory.types()}
