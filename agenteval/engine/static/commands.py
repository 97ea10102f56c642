"""The messages a RunActor handles (plain data: no callables, no ORM rows, no tasks), and
the `run` kind's typed key.

StartRun and CancelRun say what they answer (`RunAsk[R]`, an `actors.Ask[R]` a run's
actor takes): the run as a frozen record (`RunRecord`), never a row. `RUN`
is the kind's name (domain/owned_kinds.py) typed with those messages, so
`OwnedSystem.ask(RUN, key, message)` refuses, under mypy, any other message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypeVar

from actors.asks import Ask, EntityTypeKey
from agenteval.domain import owned_kinds
from agenteval.domain.static.stored_run import RunRecord

R = TypeVar("R", covariant=True)


class RunAsk(Ask[R]):
    """A message a static run's actor takes (StartRun, CancelRun)."""

    __slots__ = ()


RUN: Final = EntityTypeKey[RunAsk[Any]](owned_kinds.RUN)


@dataclass(frozen=True)
class StartRun(RunAsk[RunRecord]):
    """Start (QUEUED) or resume (RUNNING) the run; replies with the run as it is then."""

    by: str | None = None  # the user who started it ("name (key id)"); None: a resume


@dataclass(frozen=True)
class CancelRun(RunAsk[RunRecord]):
    """Stop the attempts in flight and end the run CANCELLED; replies with the run then."""

    by: str | None = None  # the user who cancelled it ("name (key id)")


@dataclass(frozen=True)
class ExecutionProgress:
    """From the run's execution task: attempts were saved; `progress` is the RunProgress
    to publish (the counts as stored)."""

    progress: dict[str, Any]


@dataclass(frozen=True)
class ExecutionEnded:
    """From the run's execution task: execution number `generation` has ended.

    `failure` says what broke the engine (None: every attempt ran, or it was
    stopped); `stale` means the run was changed elsewhere and this process stops
    running it; `interrupted` means the database went away: the run is not ended,
    it resumes from its stored outcomes once the database answers (its ownership lapses
    and it is taken over, here or elsewhere).
    """

    generation: int
    failure: str | None = None
    stale: bool = False
    interrupted: bool = False
