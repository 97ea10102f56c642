"""Channels: how AgentEval reaches the evaluated agent (the target).

`create_channel_factory()` builds a factory with every registered channel type:
the built-in `openai_chat`, `http`, `websocket` and `demo`, and the plugins'
(`channels/registry.py`). The running service holds one (`Services.channels`);
there is no module-global factory.
"""

# The built-in channel types register themselves on import (`@register_channel`).
from agenteval.channels import demo, http_json, openai_chat, websocket  # noqa: F401
from agenteval.channels.base import (
    Channel,
    ChannelError,
    ConversationState,
    Reply,
    TargetSpec,
)
from agenteval.channels.factory import ChannelFactory, ChannelTypeInfo
from agenteval.channels.registry import (
    CHANNELS,
    ENTRY_POINT_GROUP,
    RegisteredChannel,
    register_channel,
    registered_channels,
)
from agenteval.channels.secrets import SECRET_PLACEHOLDER
from agenteval.net.shared_limiter import SharedSlots


def create_channel_factory(shared_slots: SharedSlots | None = None) -> ChannelFactory:
    """A factory for every registered channel type: the built-in ones, and those of
    the plugins `agenteval.plugins.discover` has loaded. `shared_slots`: the targets'
    concurrency slots shared through Redis by several processes (None: this process's)."""
    factory = ChannelFactory(shared_slots=shared_slots)
    for channel in registered_channels():
        info = channel.info
        factory.register(info.name, info.description, info.config_schema, channel.channel_cls)
    return factory


__all__ = [
    "CHANNELS",
    "ENTRY_POINT_GROUP",
    "RegisteredChannel",
    "register_channel",
    "registered_channels",
    "SECRET_PLACEHOLDER",
    "Channel",
    "ChannelError",
    "ChannelFactory",
    "ChannelTypeInfo",
    "ConversationState",
    "Reply",
    "TargetSpec",
    "create_channel_factory",
]
