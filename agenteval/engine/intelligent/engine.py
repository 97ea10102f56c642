"""The intelligent-evaluation engine: routes the API's and the watchdog's commands to actors.

Evals and sessions are owned entities (kinds `eval` and `session`, declared at the
composition root; `actors.OwnedSystem` looks their actors up by key each time,
since idle ones are passivated). The runtime owns an eval around each of its
commands, and a session around each of its messages. An actor that cannot answer
now gives `Unavailable` ("try again shortly", engine/asks.py).

Asks go one way, EvalActor → SessionActor: when a session has closed or
expired, it is this router (not the SessionActor) that then tells the
EvalActor, so no two actors ever wait for each other.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Protocol, TypeVar, cast

from actors import ActorSystem, EntityKind, OwnedSystem
from actors.kinds import OpenMessage
from agenteval.channels import ChannelFactory
from agenteval.config import Settings
from agenteval.engine.asks import answered
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.commands import EVAL, SESSION, EvalAsk, SessionAsk
from agenteval.engine.intelligent.eval_actor import EvalActor
from agenteval.engine.intelligent.eval_store import EvalStore
from agenteval.engine.intelligent.session_actor import SessionActor
from agenteval.engine.intelligent.session_store import SessionStore
from agenteval.engine.intelligent.wakeups import WakeUps
from agenteval.store.event_bus import EventBus

R = TypeVar("R")


class _OfEval(Protocol):
    """What settling needs of a closed or expired session: its eval."""

    @property
    def eval_id(self) -> uuid.UUID: ...

# How long a message waits for another process's message to the same session.
TURN_WAIT_S = 120.0
# An eval's command is short (no target is called), but it may wait for a session's
# actor to fail its session (FailSession) behind that session's turn in flight.
EVAL_WAIT_S = 120.0

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
    sessions: SessionStore
    evals: EvalStore

    def session_kind(self, open_turn: OpenMessage) -> EntityKind:
        """Sessions: one message at a time across processes, owned per message (every
        write fenced: a turn, a close, an expiry, a failure); `open_turn` (the store's)
        claims and reads the turn's state in one round trip."""
        return EntityKind.per_message(SESSION, self.settings.lease_ttl_s,
                                      factory=lambda key: SessionActor(self, uuid.UUID(key)),
                                      open=open_turn, wait_s=TURN_WAIT_S)

    def eval_kind(self) -> EntityKind:
        """Evals: one command at a time across processes, owned per command; the actor
        keeps its row while no other process owned the eval in between."""
        return EntityKind.per_message(EVAL, self.settings.lease_ttl_s,
                                      factory=lambda key: EvalActor(self, uuid.UUID(key)),
                                      wait_s=EVAL_WAIT_S)

    async def ask_eval(self, eval_id: uuid.UUID, message: EvalAsk[R]) -> R:
        return await answered(self.owned.ask(EVAL, str(eval_id), message,
                                             timeout=ASK_TIMEOUT_S))

    async def ask_session(self, session_id: uuid.UUID, message: SessionAsk[R]) -> R:
        result: R = await answered(self.owned.ask(SESSION, str(session_id), message,
                                               timeout=ASK_TIMEOUT_S))
        # A close answers the session, an expiry the session or None (still active).
        if isinstance(message, commands.CloseSession | commands.ExpireSession) and (
                result is not None):
            await self.settle_sessions(cast(_OfEval, result).eval_id)
        return result

    async def settle_sessions(self, eval_id: uuid.UUID) -> None:
        """A session closed or expired: let the eval's actor decide whether to wake the analyst."""
        await self.ask_eval(eval_id, commands.SessionsSettled())
