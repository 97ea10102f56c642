"""The owned entity kinds, each declared once as a typed key: its name and the messages its
entities take (Akka Typed's EntityTypeKey). The engine asks with the key
(`OwnedSystem.ask(RUN, key, StartRun())`, where mypy refuses a message the kind does not
take); the store adapters that fence its writes and say when its keys lapsed, and the
composition root, read the same key as the kind's name (a key is that string). A kind's
leases are named `"<kind>:<key>"` (actors.ownership.lease_name).

A kind's messages derive from its base below (a `RunAsk[Run]` answers a Run); the
messages themselves live with the actors that handle them (engine/static/commands.py,
engine/intelligent/commands.py). A kind without messages (background work, an interval
pass, a singleton) is an `EntityTypeKey[Never]`: nothing can ask it.
"""

from __future__ import annotations

from typing import Any, Final, Never, TypeVar

from actors.asks import Ask, EntityTypeKey

R = TypeVar("R", covariant=True)


class RunAsk(Ask[R]):
    """A message a static run's actor takes (StartRun, CancelRun)."""

    __slots__ = ()


class EvalAsk(Ask[R]):
    """A command an intelligent eval's actor takes (StartPlanning … SessionsSettled)."""

    __slots__ = ()


class SessionAsk(Ask[R]):
    """A command an eval session's actor takes (SendMessage, CloseSession, …)."""

    __slots__ = ()


# a static run, held while it executes (activation)
RUN: Final = EntityTypeKey[RunAsk[Any]]("run")
# an intelligent eval, claimed per command (per-message)
EVAL: Final = EntityTypeKey[EvalAsk[Any]]("eval")
# an eval's session, claimed per message (per-message)
SESSION: Final = EntityTypeKey[SessionAsk[Any]]("session")
# the built-in driver's role work for an eval (work)
DRIVE: Final = EntityTypeKey[Never]("drive")
# a wake-up waiting for a busy drive (work's waiting kind)
DRIVE_WAIT: Final = EntityTypeKey[Never]("drive-wait")
# openclaw's schedule of an eval's session wake-ups (work)
SCHEDULES: Final = EntityTypeKey[Never]("sessions")
# a pass, once per interval cluster-wide (interval)
WATCHDOG: Final = EntityTypeKey[Never]("watchdog")
# a purge, once per interval cluster-wide (interval)
RETENTION: Final = EntityTypeKey[Never]("retention")
# the webhook sender, one process at a time (singleton)
WEBHOOKS: Final = EntityTypeKey[Never]("webhooks")
