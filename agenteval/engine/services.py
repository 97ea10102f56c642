"""The running service, as the API's resolvers, the CLI gate and the demo reach it.

Built by the composition root (`agenteval.bootstrap.running_services`); defined here,
below the API, so the API can type its context without importing the root.
"""

from __future__ import annotations

from dataclasses import dataclass

from actors import ActorSystem
from agenteval.channels import ChannelFactory
from agenteval.config import Settings
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.static.engine import RunEngine
from agenteval.store.event_bus import EventBus


@dataclass(frozen=True)
class Services:
    """The long-lived parts of a running service."""

    settings: Settings
    events: EventBus
    channels: ChannelFactory
    actors: ActorSystem
    intelligent: IntelligentEngine
    runs: RunEngine
