"""Channels: how AgentEval reaches the evaluated agent (the target).

`create_channel_factory()` builds a factory with every built-in channel type
registered: `openai_chat`, `http`, `websocket` and `demo`. The running service
holds one (`Services.channels`); there is no module-global factory.
"""

from agenteval.channels import demo, http_json, openai_chat, websocket
from agenteval.channels.base import (
    Channel,
    ChannelError,
    ConversationState,
    Reply,
    TargetSpec,
)
from agenteval.channels.factory import ChannelFactory, ChannelTypeInfo
from agenteval.channels.secrets import SECRET_PLACEHOLDER


def create_channel_factory() -> ChannelFactory:
    """A factory with all built-in channel types registered."""
    factory = ChannelFactory()
    factory.register(
        openai_chat.NAME,
        openai_chat.DESCRIPTION,
        openai_chat.CONFIG_SCHEMA,
        openai_chat.OpenAIChatChannel,
    )
    factory.register(
        http_json.NAME, http_json.DESCRIPTION, http_json.CONFIG_SCHEMA, http_json.HttpJsonChannel
    )
    factory.register(
        websocket.NAME, websocket.DESCRIPTION, websocket.CONFIG_SCHEMA, websocket.WebSocketChannel
    )
    factory.register(demo.NAME, demo.DESCRIPTION, demo.CONFIG_SCHEMA, demo.DemoChannel)
    return factory


__all__ = [
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
