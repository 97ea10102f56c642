"""The messages an EvalActor and a SessionActor handle (one dataclass per command), and
the `eval` and `session` kinds' typed keys.

Messages are plain data (no callables, no ORM rows): what they carry can be
logged, compared and, one day, sent to another process. Each says what its
answer is (`actors.Ask[R]`) and which kind takes it (`EvalAsk`, `SessionAsk`), so the
engine's `ask_eval`/`ask_session` are typed end to end; `EVAL` and `SESSION` are the
kinds' names (domain/owned_kinds.py) typed with those bases.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, TypeVar

from actors.asks import Ask, EntityTypeKey
from agenteval.domain import owned_kinds
from agenteval.domain.intelligent.eval_records import EvalRecord, MessageRecord, SessionRecord

R = TypeVar("R", covariant=True)


class EvalAsk(Ask[R]):
    """A command an intelligent eval's actor takes (StartPlanning … SessionsSettled)."""

    __slots__ = ()


class SessionAsk(Ask[R]):
    """A command an eval session's actor takes (SendMessage, CloseSession, …)."""

    __slots__ = ()


EVAL: Final = EntityTypeKey[EvalAsk[Any]](owned_kinds.EVAL)
SESSION: Final = EntityTypeKey[SessionAsk[Any]](owned_kinds.SESSION)

# ---------------------------------------------------------------- EvalActor
# A command whose answer is the eval as it is after the change.
EvalCommand = EvalAsk[EvalRecord]


@dataclass(frozen=True)
class StartPlanning(EvalAsk[EvalRecord]):
    """DRAFT → PLANNING right after creation (records CREATED, wakes the planner)."""


@dataclass(frozen=True)
class SubmitPlan(EvalAsk[EvalRecord]):
    plan: dict[str, Any]  # validated by plan_validation.validate_plan


# `actor` names the user behind a command ({"name": key name, "keyId": key id}); it goes
# into the event's detail (as "actor") so the timeline says who did it. None: the server
# itself. (Not an actor of the runtime: the person who asked.)
Requester = dict[str, str]


@dataclass(frozen=True)
class ApprovePlan(EvalAsk[EvalRecord]):
    actor: Requester | None = None


@dataclass(frozen=True)
class RejectPlan(EvalAsk[EvalRecord]):
    feedback: str
    actor: Requester | None = None


@dataclass(frozen=True)
class CancelEval(EvalAsk[EvalRecord]):
    reason: str | None
    actor: Requester | None = None


@dataclass(frozen=True)
class SubmitReport(EvalAsk[EvalRecord]):
    report: dict[str, Any]  # validated and with verified evidence


@dataclass(frozen=True)
class Heartbeat(EvalAsk[EvalRecord]):
    note: str | None


@dataclass(frozen=True)
class CreateSession(EvalAsk[SessionRecord]):
    persona: dict[str, Any]
    goal: str
    dimension: str | None
    virtual_user_index: int | None
    time_slot_index: int | None
    idempotency_key: str | None


@dataclass(frozen=True)
class FailEval(EvalAsk[EvalRecord | None]):
    """The watchdog: FAILED with `reason` if the fresh row is still stalled for that reason
    at `now` (the watchdog's clock, so a test's moved clock holds inside the actor too)."""

    reason: str
    now: datetime


@dataclass(frozen=True)
class SessionsSettled(EvalAsk[None]):
    """A session closed or expired: wake the analyst once every planned session is done."""


# ---------------------------------------------------------------- SessionActor
@dataclass(frozen=True)
class SentMessage:
    """What sendMessage answers: both stored messages and the session after the turn
    (records: nothing a caller can change in what the actor keeps)."""

    user: MessageRecord
    reply: MessageRecord
    session: SessionRecord


@dataclass(frozen=True)
class SendMessage(SessionAsk[SentMessage]):
    content: str
    idempotency_key: str | None


@dataclass(frozen=True)
class CloseSession(SessionAsk[SessionRecord]):
    verdict: dict[str, Any]  # raw VerdictInput as camelCase dict; validated by the actor


@dataclass(frozen=True)
class ExpireSession(SessionAsk[SessionRecord | None]):
    """The watchdog: EXPIRED if the session is still RUNNING and idle since before `idle_before`."""

    idle_before: datetime


@dataclass(frozen=True)
class FailSession(SessionAsk[SessionRecord | None]):
    """From the EvalActor once the eval has left EXECUTING (or the watchdog, for a session
    left RUNNING by a crash): FAILED at `failed_at` if the session is still RUNNING."""

    failed_at: datetime
