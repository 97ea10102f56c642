"""An owned entity kind as the runtime reads it (`EntityKind`), and one constructor per
lease policy that takes only that policy's fields.

    EntityKind.activation(RUN, ttl_s, factory=..., elsewhere=..., max_active=...)
    EntityKind.per_message(SESSION, ttl_s, factory=..., open=..., wait_s=...)
    EntityKind.work(DRIVE, ttl_s, resume=..., waiting=DRIVE_WAIT)
    EntityKind.interval(RETENTION, ttl_s, take_over=..., check_s=...)
    EntityKind.singleton(WEBHOOKS, ttl_s, step=..., step_s=...)

A policy's constructor names what that policy reads and requires what it cannot do
without (an activation's factory, an interval's pass, a singleton's step), so mypy
refuses a field of another policy at the declaration, where `OwnedSystem.declare` would
only find a missing one at start-up. The record itself stays one type: the runtime
reads a kind's policy and the fields that policy uses (see `actors.owned`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from actors.owned_actor import OwnedActor
from actors.owned_work import OwnedRun
from actors.ownership import Fence

Policy = Literal["activation", "per-message", "work", "interval", "singleton"]
# (key, lease name, ttl) → the claimed fence (None: held elsewhere) and what was read with it.
OpenMessage = Callable[[str, str, float], Awaitable[tuple[Fence | None, Any]]]
Factory = Callable[[str], OwnedActor]


@dataclass(frozen=True)
class EntityKind:
    """One kind of owned entity; its leases are named `"<name>:<key>"`."""

    name: str
    policy: Policy
    ttl_s: float
    factory: Factory | None = None  # the key's actor (not for "work")
    # The answer when the key is owned elsewhere (activation kinds).
    elsewhere: Callable[[str, Any], Awaitable[Any]] | None = None
    max_active: int | None = None  # keys of this kind this process owns at once
    take_over: Callable[[str], Awaitable[None]] | None = None  # for a lapsed key
    open: OpenMessage | None = None  # per-message: claim and read together
    # per-message: which messages take the lease (default: every one; a message that
    # does not runs unfenced, so a kind whose every write must be fenced leaves it None).
    leased: Callable[[Any], bool] | None = None
    wait_s: float = 120.0  # per-message: how long to wait beyond the ttl for another owner
    check_s: float = 0.0  # interval: how often the takeover loop looks, at most
    step: Callable[[], Awaitable[Any]] | None = None  # singleton: one round of its work
    step_s: float = 1.0  # singleton: the pause between two steps
    # work: a lapsed key, claimed by the takeover loop, to run (or give back).
    resume: Callable[[str, OwnedRun], Awaitable[None]] | None = None
    waiting: str | None = None  # work: the kind a claim waiting for a busy key holds

    @classmethod
    def activation(cls, name: str, ttl_s: float, *, factory: Factory,
                   elsewhere: Callable[[str, Any], Awaitable[Any]] | None = None,
                   max_active: int | None = None,
                   take_over: Callable[[str], Awaitable[None]] | None = None) -> EntityKind:
        """An actor held under its key's lease while active (at most `max_active` keys)."""
        return cls(name, "activation", ttl_s, factory=factory, elsewhere=elsewhere,
                   max_active=max_active, take_over=take_over)

    @classmethod
    def per_message(cls, name: str, ttl_s: float, *, factory: Factory,
                    open: OpenMessage | None = None,  # noqa: A002 - the field's name
                    leased: Callable[[Any], bool] | None = None,
                    wait_s: float = 120.0) -> EntityKind:
        """An actor whose every message claims the key's lease first."""
        return cls(name, "per-message", ttl_s, factory=factory, open=open, leased=leased,
                   wait_s=wait_s)

    @classmethod
    def work(cls, name: str, ttl_s: float, *,
             resume: Callable[[str, OwnedRun], Awaitable[None]] | None = None,
             waiting: str | None = None) -> EntityKind:
        """Background work claimed with `OwnedSystem.claim_work`; `resume` takes a lapsed
        key over."""
        return cls(name, "work", ttl_s, resume=resume, waiting=waiting)

    @classmethod
    def interval(cls, name: str, ttl_s: float, *, take_over: Callable[[str], Awaitable[None]],
                 check_s: float = 0.0) -> EntityKind:
        """`take_over` once per `ttl_s` across every process."""
        return cls(name, "interval", ttl_s, take_over=take_over, check_s=check_s)

    @classmethod
    def singleton(cls, name: str, ttl_s: float, *, step: Callable[[], Awaitable[Any]],
                  step_s: float = 1.0) -> EntityKind:
        """`step()` every `step_s`, in one process of the cluster at a time."""
        return cls(name, "singleton", ttl_s, step=step, step_s=step_s)
