"""SessionActor: one per session; owns its session row, its turn order and its channel.

Ownership: the session row (status, turn count, conversation id, verdict, …)
is written by this actor only — the EvalActor asks it to fail (`FailSession`)
when the eval ends. The eval's log counters (sequence, turns used, agent
activity) change only through `store.eval_log.append_events`, in the same
transaction as the session row. Asks go one way: the EvalActor may ask a
SessionActor, a SessionActor never asks the EvalActor from a handler (the
engine tells the eval about closed sessions after the session actor answered),
so the two can never wait for each other.

Sessions of one eval run in parallel (one actor each) while each session's
turns are strictly ordered: one message at a time in the actor, and across
processes one turn at a time: the session is an owned entity whose ownership
the actor runtime takes per message (the `session` kind, declared at the
composition root). Before a message is handled the runtime owns the session, and
the store answers the turn's state as read with that claim (`turn_state`); a turn
reaching another process meanwhile waits for it, then reads the stored turn
count (and finds a retried idempotency key's stored exchange) before calling
the target, so the target sees each stored turn once. Every write — a turn, a
close, an expiry, a failure — is fenced by the store with that ownership: a
process that lost the session (stopped past its expiry) stores nothing. If the
owner dies mid-turn, the waiting turn proceeds once its ownership lapses. Why per turn rather than forwarding to an owner process: it
needs no request/reply channel (and so no Redis), and a turn's cost is two
small statements. The channel
is built from the stored transcript and the persisted conversation id on the
first message (after a restart, passivation, or on another process) and
whenever the stored turn count shows that another process sent a turn. A
stored target config that no longer validates is a TARGET_ERROR of the
message (nothing stored, the actor stays up), so the session works again as
soon as the config is fixed.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from actors import OwnedActor, VersionConflict
from agenteval.channels import Channel, ChannelError, ConversationState
from agenteval.domain.intelligent import eval_state
from agenteval.domain.intelligent.eval_records import EvalRecord, MessageRecord, SessionRecord
from agenteval.domain.intelligent.turn_records import TurnState
from agenteval.domain.intelligent.verdict_validation import validate_verdict
from agenteval.engine.catalog.target_specs import target_spec
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.ports import SessionServices
from agenteval.engine.intelligent.sessions import turn_overruns
from agenteval.errors import Conflict, InvalidTransition, NotFound, TargetError, ValidationFailed
from agenteval.observability import log_context
from agenteval.store.evals.eval_topics import publish_events, session_topic


class SessionActor(OwnedActor):
    """The session's one writer; handles SendMessage, CloseSession, ExpireSession, FailSession."""

    def __init__(self, engine: SessionServices, session_id: uuid.UUID) -> None:
        self.engine = engine
        self.store = engine.sessions
        self.session_id = session_id
        self.channel: Channel | None = None
        self.turns_in_channel = 0
        # The session as the runtime loaded it (`load`) or this actor last stored it, and
        # its eval's plan (which cannot change once the eval executes). Every turn still
        # reads the session's and the eval's status and counters (as of its claim), and
        # stores with compare-and-set.
        self.session: SessionRecord | None = None
        self.plan: dict[str, Any] | None = None

    async def load(self) -> None:
        """The session and its eval's plan (the runtime calls it; NotFound if none)."""
        self.session = None
        session, eval_row = await self._load()
        self.session, self.plan = session, eval_row.plan

    async def on_stop(self) -> None:
        await self._close_channel()

    async def receive(self, message: Any) -> Any:
        log_context.bind(session_id=self.session_id)
        match message:
            case commands.SendMessage():
                return await self._send(message)
            case commands.CloseSession():
                return await self._close(message)
            case commands.ExpireSession():
                return await self._expire(message)
            case commands.FailSession():
                return await self._fail(message)
            case _:
                raise TypeError(f"SessionActor cannot handle {message!r}")

    async def _load(self) -> tuple[SessionRecord, EvalRecord]:
        return await self.store.load(self.session_id)

    # ------------------------------------------------------------ channel
    async def _rebuild_channel(self, session: SessionRecord) -> None:
        await self._close_channel()
        history = _history(await self.store.messages(session.id))
        target = await self.store.target_of(session.eval_id)
        state = ConversationState(session.conversation_id, history)
        spec = target_spec(target)
        try:
            self.channel = self.engine.channels.open(spec, state)
        except ValidationFailed as exc:
            # Retrying cannot cure this; fixing the target's config can.
            raise TargetError(
                f"the target's stored config is not valid: {exc.message}",
                {"sessionId": str(session.id), "turnIndex": session.turn_count,
                 "kind": "config", "targetId": str(target.id), "problems": exc.errors},
            ) from exc
        self.turns_in_channel = session.turn_count

    async def _close_channel(self) -> None:
        if self.channel is not None:
            channel, self.channel = self.channel, None
            await channel.aclose()

    # ------------------------------------------------------------ sendMessage
    async def _send(self, message: commands.SendMessage) -> commands.SentMessage:
        fresh = await self.store.turn_state(self.session_id)  # as of the runtime's claim
        if fresh is None:
            raise NotFound(f"session {self.session_id} does not exist")
        session = await self._current_session(fresh)
        if message.idempotency_key:
            prior = await self.store.prior_message(session.id, message.idempotency_key)
            if prior is not None:
                return await self._replay(session, prior, message)
        _check_can_talk(fresh.session_status, fresh.eval_status)
        if self.channel is None or session.turn_count != self.turns_in_channel:
            await self._rebuild_channel(session)  # another process sent a turn meanwhile
        assert self.channel is not None
        turn = session.turn_count
        enforce = self.engine.settings.enforce_budget
        if enforce:  # refuse before calling the target (checked again when storing)
            turn_overruns(self.plan, turn + 1, fresh.turns_used + 1, enforce)
        error: ChannelError | None = None
        sanitized: tuple[str, ...] = ()
        try:
            reply = await self.channel.send(message.content)
            text, latency_ms, sanitized = reply.text, reply.latency_ms, reply.sanitized
        except ChannelError as exc:
            error, text, latency_ms = exc, "", None
        now = datetime.now(UTC)
        user, answer = _messages(session, turn, message, text, latency_ms, error, now,
                                 list(sanitized) or None)  # what storable_text replaced
        try:
            stored = await self.store.store_turn(session, self.plan, turn, user, answer,
                                                 self.channel.conversation_id, now, enforce)
        except Exception:
            # Nothing was stored: the channel's view of this turn and the kept session
            # are rebuilt from what is stored (the message fails, so the runtime would
            # also load before the next one).
            await self.load()
            current = self.session
            assert current is not None
            await self._rebuild_channel(current)
            if message.idempotency_key:
                # Another process stored this very retry first: answer with its exchange.
                prior = await self.store.prior_message(session.id, message.idempotency_key)
                if prior is not None:
                    return await self._replay(current, prior, message)
            raise
        self.turns_in_channel = turn + 1
        self.session = session = replace(session, turn_count=turn + 1, last_activity_at=now,
                                         conversation_id=self.channel.conversation_id)
        await publish_events(self.engine.events, stored.events)  # these never raise
        await self.engine.events.publish(session_topic(session.id), {"index": answer.index})
        if error is not None:
            raise _target_error(session, user, answer, error.kind, error.message)
        return commands.SentMessage(user, answer, session)

    async def _current_session(self, fresh: TurnState) -> SessionRecord:
        """The kept session row; VersionConflict when the turn's fresh status or turn count
        disagree with it (written by someone else: the runtime reloads, delivers again)."""
        session = self.session
        if (session is None or session.status != fresh.session_status
                or session.turn_count != fresh.turn_count):
            raise VersionConflict(f"session {self.session_id}")
        return session

    # ------------------------------------------------------------ close / expire
    async def _close(self, message: commands.CloseSession) -> SessionRecord:
        session, eval_row = await self._load()
        answered = len(_history(await self.store.messages(session.id)))
        verdict = validate_verdict(message.verdict, session.turn_count,
                                   answered_turns=answered)
        if eval_row.status != eval_state.EXECUTING:
            raise _eval_refuses(eval_row, "close a session")
        status = eval_state.session_next_status(session.status, eval_state.CLOSE)
        now = datetime.now(UTC)
        return await self._change_status(session, eval_row, status, "SESSION_CLOSED", now,
                                         agent_active=True, verdict=verdict,
                                         last_activity_at=now)

    async def _expire(self, message: commands.ExpireSession) -> SessionRecord | None:
        session, eval_row = await self._load()
        idle_since = session.last_activity_at or session.created_at
        if session.status != eval_state.SESSION_RUNNING or idle_since >= message.idle_before:
            return None
        status = eval_state.session_next_status(session.status, eval_state.EXPIRE)
        session = await self._change_status(session, eval_row, status, "SESSION_EXPIRED",
                                            datetime.now(UTC))
        await self._close_channel()
        return session

    async def _fail(self, message: commands.FailSession) -> SessionRecord | None:
        """The eval has ended: a session still RUNNING fails with it (None if it was not)."""
        session, eval_row = await self._load()
        if session.status != eval_state.SESSION_RUNNING or not eval_state.is_terminal(
                eval_row.status):
            return None
        status = eval_state.session_next_status(session.status, eval_state.FAIL)
        session = await self._change_status(session, eval_row, status, "SESSION_FAILED",
                                            message.failed_at)
        await self._close_channel()
        return session

    async def _change_status(self, session: SessionRecord, eval_row: EvalRecord, status: str,
                             event_type: str, now: datetime, agent_active: bool = False,
                             **values: Any) -> SessionRecord:
        """Compare-and-set the session's status and append its event, in one transaction."""
        changed, appended = await self.store.change_status(
            session, eval_row, status, event_type, now, agent_active, **values)
        self.session = changed  # kept as committed
        await publish_events(self.engine.events, appended.events)
        return changed

    async def _replay(self, session: SessionRecord, prior: MessageRecord,
                      message: commands.SendMessage) -> commands.SentMessage:
        """A retried sendMessage: the stored exchange (or the same error), the target not
        called."""
        if prior.content != message.content:
            raise Conflict(f"idempotency key {message.idempotency_key!r} was already used in "
                           "this session with other content",
                           {"idempotencyKey": message.idempotency_key})
        reply = await self.store.message_at(session.id, prior.index + 1)
        if reply.error is not None:
            detail_message = reply.error.partition(": ")[2] or reply.error
            raise _target_error(session, prior, reply, reply.error_kind or "bad_response",
                                detail_message)
        return commands.SentMessage(prior, reply, session)


def _history(messages: list[MessageRecord]) -> list[tuple[str, str]]:
    """Completed (user, assistant) exchanges: turns whose reply failed are left out."""
    by_turn: dict[int, dict[str, MessageRecord]] = {}
    for stored in messages:
        by_turn.setdefault(stored.turn_index, {})[stored.role] = stored
    history: list[tuple[str, str]] = []
    for turn in sorted(by_turn):
        pair = by_turn[turn]
        user, reply = pair.get("USER"), pair.get("ASSISTANT")
        if user is not None and reply is not None and reply.error is None:
            history.append((user.content, reply.content))
    return history


def _eval_refuses(eval_row: EvalRecord, what: str) -> InvalidTransition:
    return _status_refuses(eval_row.status, what)


def _status_refuses(eval_status: str, what: str) -> InvalidTransition:
    return InvalidTransition(f"cannot {what}: the eval is {eval_status}, not EXECUTING",
                             status=eval_status, allowed=eval_state.allowed_actions(eval_status))


def _check_can_talk(session_status: str, eval_status: str) -> None:
    if eval_status != eval_state.EXECUTING:
        raise _status_refuses(eval_status, "send a message")
    if not eval_state.session_accepts_messages(session_status):
        raise InvalidTransition(f"cannot send a message: the session is {session_status}",
                                status=session_status,
                                allowed=eval_state.session_allowed_actions(session_status))


def _messages(session: SessionRecord, turn: int, message: commands.SendMessage, text: str,
              latency_ms: int | None, error: ChannelError | None, now: datetime,
              sanitized: list[str] | None) -> tuple[MessageRecord, MessageRecord]:
    user = MessageRecord(
        id=uuid.uuid4(), session_id=session.id, index=2 * turn, turn_index=turn, role="USER",
        content=message.content, idempotency_key=message.idempotency_key, created_at=now)
    answer = MessageRecord(
        id=uuid.uuid4(), session_id=session.id, index=2 * turn + 1, turn_index=turn,
        role="ASSISTANT", content=text, latency_ms=latency_ms,
        error=f"{error.kind}: {error.message}" if error else None,
        error_kind=error.kind if error else None, created_at=now, sanitized=sanitized)
    return user, answer


def _target_error(session: SessionRecord, user: MessageRecord, reply: MessageRecord, kind: str,
                  message: str) -> TargetError:
    return TargetError(f"the target failed on turn {user.turn_index}: {message}",
                       {"sessionId": str(session.id), "turnIndex": user.turn_index,
                        "userMessageId": str(user.id), "replyMessageId": str(reply.id),
                        "kind": kind})
