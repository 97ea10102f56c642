"""The running service, as the API's resolvers, the CLI gate and the demo reach it.

Built by the composition root (`agenteval.bootstrap.running_services`, or for the
static system alone `agenteval.bootstrap_core.running_core`); defined here, below the
API, so the API can type its context without importing the root.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

# Annotations only: the CI gate runs on `CoreServices` and never loads the
# intelligent engine or the background work.
if TYPE_CHECKING:
    from actors import ActorSystem, OwnedSystem
    from agenteval.channels import ChannelFactory
    from agenteval.config import Settings
    from agenteval.engine.background import BackgroundWork
    from agenteval.engine.intelligent.engine import IntelligentEngine
    from agenteval.engine.static.engine import RunEngine
    from agenteval.llm import ModelEndpoint
    from agenteval.store.event_bus import EventBus


@dataclass(frozen=True)
class CoreServices:
    """What static evaluation needs: the database (opened), events, channels, actors (and
    the owned entities over them), runs."""

    settings: Settings
    events: EventBus
    channels: ChannelFactory
    actors: ActorSystem
    owned: OwnedSystem
    runs: RunEngine


@dataclass(frozen=True)
class Services(CoreServices):
    """The long-lived parts of a running service."""

    intelligent: IntelligentEngine
    # What the process takes on from the cluster once it serves (the owned system coordinates it).
    work: BackgroundWork
    # `checkModels`: `agenteval models check` (model_checks.check_all), one result dict per
    # role. Given by the composition root: the check asks each role for the built-in
    # driver's answer schemas, and the API may not import the driver.
    check_models: ModelChecker | None = None


ModelChecker = Callable[[Sequence["ModelEndpoint"]], Awaitable[list[dict[str, Any]]]]
