"""The messages an EvalActor and a SessionActor handle (one dataclass per command).

Messages are plain data (no callables, no ORM rows): what they carry can be
logged, compared and, one day, sent to another process.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


# ---------------------------------------------------------------- EvalActor
@dataclass(frozen=True)
class StartPlanning:
    """DRAFT → PLANNING right after creation (records CREATED, wakes the planner)."""


@dataclass(frozen=True)
class SubmitPlan:
    plan: dict[str, Any]  # validated by plan_validation.validate_plan


# `actor` names the user behind a command ({"name": key name, "keyId": key id}); it goes
# into the event's detail so the timeline says who did it. None: the server itself.
Actor = dict[str, str]


@dataclass(frozen=True)
class ApprovePlan:
    actor: Actor | None = None


@dataclass(frozen=True)
class RejectPlan:
    feedback: str
    actor: Actor | None = None


@dataclass(frozen=True)
class CancelEval:
    reason: str | None
    actor: Actor | None = None


@dataclass(frozen=True)
class SubmitReport:
    report: dict[str, Any]  # validated and with verified evidence


@dataclass(frozen=True)
class Heartbeat:
    note: str | None


@dataclass(frozen=True)
class CreateSession:
    persona: dict[str, Any]
    goal: str
    dimension: str | None
    virtual_user_index: int | None
    time_slot_index: int | None
    idempotency_key: str | None


@dataclass(frozen=True)
class FailEval:
    """The watchdog: FAILED with `reason` if the fresh row is still stalled for that reason
    at `now` (the watchdog's clock, so a test's moved clock holds inside the actor too)."""

    reason: str
    now: datetime


@dataclass(frozen=True)
class SessionsSettled:
    """A session closed or expired: wake the analyst once every planned session is done."""


# ---------------------------------------------------------------- SessionActor
@dataclass(frozen=True)
class SendMessage:
    content: str
    idempotency_key: str | None


@dataclass(frozen=True)
class CloseSession:
    verdict: dict[str, Any]  # raw VerdictInput as camelCase dict; validated by the actor


@dataclass(frozen=True)
class ExpireSession:
    """The watchdog: EXPIRED if the session is still RUNNING and idle since before `idle_before`."""

    idle_before: datetime


@dataclass(frozen=True)
class FailSession:
    """From the EvalActor once the eval has left EXECUTING (or the watchdog, for a session
    left RUNNING by a crash): FAILED at `failed_at` if the session is still RUNNING."""

    failed_at: datetime
