"""The intelligent-evaluation engine: how the API and the watchdog reach the actors.

Actors are looked up by key each time (`("eval", id)`, `("session", id)`)
because idle ones are passivated; an ask that meets an actor that was just
passivated is retried once on its successor.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from actors import ActorStopped, ActorSystem
from agenteval.channels import ChannelFactory
from agenteval.config import Settings
from agenteval.engine.intelligent import commands as cmd
from agenteval.engine.intelligent.eval_actor import EvalActor
from agenteval.engine.intelligent.session_actor import SessionActor
from agenteval.engine.intelligent.wakeups import WakeUps
from agenteval.store.event_bus import EventBus

# Generous: a sendMessage waits for the target (with its own timeouts and retries).
ASK_TIMEOUT_S = 600.0


@dataclass
class IntelligentEngine:
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
        return await self._ask(key, lambda: SessionActor(self, session_id), message)

    async def settle_sessions(self, eval_id: uuid.UUID) -> None:
        """A session closed or expired: let the eval's actor decide whether to wake the analyst."""
        await self.ask_eval(eval_id, cmd.SessionsSettled())

    async def _ask(self, key: tuple[str, str], factory: Any, message: Any) -> Any:
        for attempt in range(2):
            ref = await self.actors.get_or_spawn(key, factory)
            try:
                return await ref.ask(message, timeout=ASK_TIMEOUT_S)
            except ActorStopped:
                if attempt or ref.failure is not None:
                    raise
        raise AssertionError("unreachable")
