"""The channel types of the process: `@register_channel`, as `@register_rule` is for rules.

A channel module declares its type once, on its class:

    @register_channel(name="http", description="…", config_schema=CONFIG_SCHEMA)
    class HttpJsonChannel(Channel): ...

The built-in channels register so when `agenteval.channels` is imported; a channel
from another package does the same in its own module, which its distribution names
under the `agenteval.channels` entry-point group (see `agenteval.plugins.discover`).
Every `create_channel_factory()` opens targets of every type registered here; a
test adds a type to one factory only with `ChannelFactory.register`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, TypeVar

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from agenteval.channels.factory import ChannelClass, ChannelTypeInfo
from agenteval.plugins import Registry, is_builtin

C = TypeVar("C", bound=ChannelClass)

ENTRY_POINT_GROUP = "agenteval.channels"


@dataclass(frozen=True)
class RegisteredChannel:
    """A registered channel type: what the `channelTypes` query lists, and its class."""

    info: ChannelTypeInfo
    channel_cls: ChannelClass


CHANNELS: Registry[RegisteredChannel] = Registry("channel type")


def register_channel(*, name: str, description: str,
                     config_schema: dict[str, Any]) -> Callable[[C], C]:
    """Register the decorated channel class under `name` with its config JSON Schema.

    ValueError when the name is taken or (for a channel from outside the package)
    the schema is not a valid JSON Schema: a broken plugin fails at start-up.
    """

    def decorate(channel_cls: C) -> C:
        if name in CHANNELS:  # before the schema check: the clearer error
            raise ValueError(f"channel type '{name}' is already registered")
        if not is_builtin(channel_cls):
            try:
                Draft202012Validator.check_schema(config_schema)
            except SchemaError as exc:
                raise ValueError(f"channel '{name}': config_schema is not a valid JSON "
                                 f"Schema: {exc.message}") from exc
        CHANNELS.add(name, RegisteredChannel(ChannelTypeInfo(name, description, config_schema),
                                             channel_cls))
        return channel_cls

    return decorate


def registered_channels() -> list[RegisteredChannel]:
    """Every registered channel type, by name."""
    return CHANNELS.entries()


def channel_registry_snapshot() -> AbstractContextManager[None]:
    """Restore the registered channel types on exit (tests that register plugins)."""
    return CHANNELS.snapshot()
