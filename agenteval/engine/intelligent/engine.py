"""The intelligent-evaluation engine: routes the API's and the watchdog's commands to actors.

Actors are looked up by key each time (`("eval", id)`, `("session", id)`)
because idle ones are passivated; an ask that meets an actor that was just
passivated is retried once on its successor. Sessions are owned entities of
kind `session` (declared at the composition root): the actor runtime claims
the session's turn lease around each sendMessage (`actors.OwnedSystem`). An
actor that cannot answer now gives `Unavailable` ("try again shortly",
engine/asks.py).

Asks go one way, EvalActor → SessionActor: when a session has closed or
expired, it is this router (not the SessionActor) that then tells the
EvalActor, so no two actors ever wait for each other.
"""

from __future__ import annotations

import uuid
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from actors import ActorFactory, ActorStopped, ActorSystem, Ask, EntityKind, OwnedSystem
from agenteval.channels import ChannelFactory
from agenteval.config import Settings
from agenteval.engine.asks import answered
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.eval_actor import EvalActor
from agenteval.engine.intelligent.eval_store import DatabaseEvals, EvalStore
from agenteval.engine.intelligent.session_actor import SessionActor
from agenteval.engine.intelligent.session_store import DatabaseSessions, SessionStore
from agenteval.engine.intelligent.turn_store import SESSION_KIND, TURN_WAIT_S
from agenteval.engine.intelligent.wakeups import WakeUps
from agenteval.store.event_bus import EventBus
from agenteval.store.models import EvalSession

R = TypeVar("R")

# Generous: a sendMessage waits for the target (with its own timeouts and retries).
ASK_TIMEOUT_S = 600.0


@dataclass
class IntelligentEngine:
    """Routes commands to the EvalActor / SessionActor of their eval / session."""

    settings: Settings
    events: EventBus
    actors: ActorSystem
    owned: OwnedSystem
    channels: ChannelFactory
    wakeups: WakeUps
    sessions: SessionStore = field(default_factory=DatabaseSessions)
    evals: EvalStore = field(default_factory=DatabaseEvals)

    def session_kind(self) -> EntityKind:
        """Sessions: one turn at a time across processes, through a lease claimed per
        sendMessage (read with the turn's state in one round trip, `open_turn`)."""
        return EntityKind(SESSION_KIND, "per-message", self.settings.lease_ttl_s,
                          factory=lambda key: SessionActor(self, uuid.UUID(key)),
                          open=self.sessions.open_turn, wait_s=TURN_WAIT_S,
                          leased=lambda message: isinstance(message, commands.SendMessage))

    async def ask_eval(self, eval_id: uuid.UUID, message: Ask[R]) -> R:
        key = ("eval", str(eval_id))
        result: R = await self._ask(key, lambda: EvalActor(self, eval_id), message)
        return result

    async def ask_session(self, session_id: uuid.UUID, message: Ask[R]) -> R:
        result = await answered(self.owned.ask(SESSION_KIND, str(session_id), message,
                                               timeout=ASK_TIMEOUT_S))
        match message, result:
            case (commands.CloseSession() | commands.ExpireSession(), EvalSession()):
                await self.settle_sessions(result.eval_id)
        return result

    async def settle_sessions(self, eval_id: uuid.UUID) -> None:
        """A session closed or expired: let the eval's actor decide whether to wake the analyst."""
        await self.ask_eval(eval_id, commands.SessionsSettled())

    async def _ask(self, key: Hashable, factory: ActorFactory, message: Any) -> Any:
        return await answered(self._ask_retrying(key, factory, message))

    async def _ask_retrying(self, key: Hashable, factory: ActorFactory, message: Any) -> Any:
        for attempt in range(2):  # an actor passivated meanwhile: ask its successor
            ref = await self.actors.get_or_spawn(key, factory)
            try:
                return await ref.ask(message, timeout=ASK_TIMEOUT_S)
            except ActorStopped:
                if attempt or ref.failure is not None:
                    raise
        raise AssertionError("unreachable")
