"""The intelligent-evaluation engine: routes the API's and the watchdog's commands to actors.

Actors are looked up by key each time (`("eval", id)`, `("session", id)`)
because idle ones are passivated; an ask that meets an actor that was just
passivated is retried once on its successor. An actor that cannot answer now
(given up on after repeated crashes — the next message rebuilds it — or
stopping, or not answering in time) gives `Unavailable`: "try again shortly".

Asks go one way, EvalActor → SessionActor: when a session has closed or
expired, it is this router (not the SessionActor) that then tells the
EvalActor, so no two actors ever wait for each other.
"""

from __future__ import annotations

import uuid
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from actors import ActorFactory, ActorStopped, ActorSystem
from agenteval.channels import ChannelFactory
from agenteval.config import Settings
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.eval_actor import EvalActor
from agenteval.engine.intelligent.session_actor import SessionActor
from agenteval.engine.intelligent.wakeups import WakeUps
from agenteval.errors import Unavailable
from agenteval.store.event_bus import EventBus
from agenteval.store.models import EvalSession

# Generous: a sendMessage waits for the target (with its own timeouts and retries).
ASK_TIMEOUT_S = 600.0


@dataclass
class IntelligentEngine:
    """Routes commands to the EvalActor / SessionActor of their eval / session."""

    settings: Settings
    events: EventBus
    actors: ActorSystem
    channels: ChannelFactory
    wakeups: WakeUps

    async def ask_eval(self, eval_id: uuid.UUID, message: Any) -> Any:
        key = ("eval", str(eval_id))
        return await self._ask(key, lambda: EvalActor(self, eval_id), message)

    async def ask_session(self, session_id: uuid.UUID, message: Any) -> Any:
        key = ("session", str(session_id))
        result = await self._ask(key, lambda: SessionActor(self, session_id), message)
        match message, result:
            case (commands.CloseSession() | commands.ExpireSession(), EvalSession()):
                await self.settle_sessions(result.eval_id)
        return result

    async def settle_sessions(self, eval_id: uuid.UUID) -> None:
        """A session closed or expired: let the eval's actor decide whether to wake the analyst."""
        await self.ask_eval(eval_id, commands.SessionsSettled())

    async def _ask(self, key: Hashable, factory: ActorFactory, message: Any) -> Any:
        for attempt in range(2):
            ref = await self.actors.get_or_spawn(key, factory)
            try:
                return await ref.ask(message, timeout=ASK_TIMEOUT_S)
            except ActorStopped as exc:
                if attempt or ref.failure is not None:
                    raise Unavailable() from exc
            except TimeoutError as exc:
                raise Unavailable() from exc
        raise AssertionError("unreachable")
