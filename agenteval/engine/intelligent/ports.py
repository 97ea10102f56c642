"""What the intelligent-evaluation actors use of the engine that spawns them.

The actors are handed the `IntelligentEngine` itself; typing them against these
protocols instead keeps the engine → actor import one-way.
"""

from __future__ import annotations

import uuid
from typing import Protocol, TypeVar

from agenteval.channels import ChannelFactory
from agenteval.config import Settings
from agenteval.engine.intelligent.commands import SessionAsk
from agenteval.engine.intelligent.eval_store import EvalStore
from agenteval.engine.intelligent.session_store import SessionStore
from agenteval.engine.intelligent.wakeups import WakeUps
from agenteval.store.event_bus import EventBus

R = TypeVar("R")


class SessionServices(Protocol):
    """A SessionActor's needs: the settings, the event bus, the targets' channels and the
    sessions' store."""

    @property
    def sessions(self) -> SessionStore: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def events(self) -> EventBus: ...

    @property
    def channels(self) -> ChannelFactory: ...


class EvalServices(Protocol):
    """An EvalActor's needs: the settings, the event bus, wake-ups, the evals' store and its
    sessions' actors (asked one way only, eval → session, so the two never wait for each
    other)."""

    @property
    def evals(self) -> EvalStore: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def events(self) -> EventBus: ...

    @property
    def wakeups(self) -> WakeUps: ...

    async def ask_session(self, session_id: uuid.UUID, message: SessionAsk[R]) -> R: ...
