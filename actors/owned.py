"""Owned entities: actors (and background work) that run only while this process holds
their key's lease — Akka Cluster Sharding's lease before activation, Orleans'
activation and deactivation by the runtime.

An `EntityKind` is declared once (at the composition root) with its lease policy, each
policy with its own constructor taking only its fields (`actors.kinds`):

- `"activation"`: the lease is claimed before the key's actor is activated (its state
  loaded, `OwnedActor.load`, before its first message), renewed while it is active,
  and released when it stops (passivation, `passivate()`, a
  shutdown). A renewal that finds the lease gone stops the activation; a fenced
  write that finds it gone (`OwnershipLost`) stops it too, and the message is then
  answered by the kind's `elsewhere` handler, as a process that does not own the
  key answers it (also when another process holds the lease, or this process
  already holds `max_active` keys of the kind).
- `"per-message"`: the actor lives without a lease; each message claims the lease
  first (waiting while another process holds it, `OwnerBusy` after `ttl_s + wait_s`)
  and releases it once handled. The kind's `open` may claim and read what the
  message needs in one round trip (the store reads it back, `delivery.claimed_read`).
- `"work"`: no actor: background work claimed with `OwnedSystem.claim_work` and run
  under the claim (`actors.owned_work`); a lapsed key is claimed by the takeover loop
  and handed to the kind's `resume`.
- `"interval"`: no actor: the kind's `take_over` runs once per `ttl_s` across every
  process, started by the takeover loop (`actors.interval`).
- `"singleton"`: no actor: the kind's `step()` runs every `step_s` in one process
  of the cluster at a time, started by the takeover loop wherever it runs nowhere
  (`actors.singleton`).

Either way the code the runtime runs never sees its lease: it runs inside a delivery
(`actors.delivery`) whose fence the store adapters apply inside each write's
transaction; an actor is held by a `Cell` that owns its deliveries. ONE takeover loop
(`take_over_forever`) serves every kind with a `take_over` action: it asks the
`LeaseStore` which keys of the kind have lapsed (their owner died, stalled or
handed them over) and takes each over, within the kind's `max_active`.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Hashable, Iterable
from typing import Any, TypeVar

from actors.asks import EntityTypeKey
from actors.delivery import Delivery, delivering
from actors.errors import ActorFailed, ActorStopped
from actors.interval import IntervalWork
from actors.kinds import EntityKind, OpenMessage, Policy
from actors.owned_actor import Cell, OwnedActor
from actors.owned_work import OwnedRun, claim_work, clear_waiter
from actors.ownership import (
    Holding,
    LeaseStore,
    OwnershipLost,
    VersionConflict,
    hold,
    lease_name,
)
from actors.per_message import RETRIES, PerMessage, redelivering
from actors.ref import ActorRef
from actors.singleton import SingletonWork
from actors.system import ActorSystem

logger = logging.getLogger("actors.owned")
__all__ = ["EntityKind", "OpenMessage", "OwnedSystem", "Policy"]
M = TypeVar("M")  # the messages of the kind asked


class OwnedSystem:
    """Owned kinds over an `ActorSystem` (keys `(kind, key)`) and a `LeaseStore`."""

    def __init__(self, actors: ActorSystem, leases: LeaseStore,
                 kinds: Iterable[EntityKind] = ()) -> None:
        self.actors = actors
        self.leases = leases
        self._kinds: dict[str, EntityKind] = {}
        self._active: dict[str, set[str]] = {}
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._releases: dict[Hashable, asyncio.Task[None]] = {}
        self.freed = asyncio.Event()  # a key stopped being owned here: take another over
        self._intervals = IntervalWork(leases)
        self._singletons = SingletonWork(leases)
        for kind in kinds:
            self.declare(kind)

    def declare(self, kind: EntityKind) -> None:
        if kind.name in self._kinds:
            raise ValueError(f"entity kind {kind.name!r} is declared twice")
        if kind.policy in ("activation", "per-message") and kind.factory is None:
            raise ValueError(f"entity kind {kind.name!r} needs a factory")
        if kind.policy == "interval" and kind.take_over is None:
            raise ValueError(f"entity kind {kind.name!r} needs a take_over")
        if kind.policy == "singleton" and kind.step is None:
            raise ValueError(f"entity kind {kind.name!r} needs a step")
        self._kinds[kind.name] = kind
        self._active[kind.name] = set()

    def kind(self, name: str) -> EntityKind:
        return self._kinds[name]

    def active(self, kind: str) -> set[str]:
        """The keys of `kind` this process owns now."""
        return set(self._active[kind])

    def may_own(self, kind: str) -> bool:
        """Whether this process owns fewer keys of `kind` than its `max_active`."""
        limit = self._kinds[kind].max_active
        return limit is None or len(self._active[kind]) < limit

    # ------------------------------------------------------------ asks
    async def ask(self, kind: EntityTypeKey[M], key: str, message: M, *,
                  timeout: float | None = None) -> Any:  # noqa: ASYNC109
        """Deliver `message` to the key's actor (activated under its lease if it must be)
        and return its answer, or the kind's `elsewhere` answer when another process
        owns the key.

        `kind` is the kind's typed key (`actors.asks.EntityTypeKey`): mypy refuses a
        message its entities do not take. The answer is the actor's; the engine's typed
        wrappers (a kind's `Ask[R]` messages) say which. A plain name works the same at
        run time (tests)."""
        entity = self._kinds[kind]
        if entity.policy == "per-message":
            return await self._ask_per_message(entity, key, message, timeout)
        for _ in range(3):  # an activation passivating meanwhile: activate afresh
            activated = await self._activation(entity, key)
            if activated is None:
                return await self._elsewhere(entity, key, message)
            try:
                return await activated.ask(message, timeout=timeout)
            except OwnershipLost:
                activated.request_stop()
                return await self._elsewhere(entity, key, message)
            except ActorFailed:
                raise
            except ActorStopped:
                if activated.is_alive:
                    raise
        raise ActorStopped((kind, key), f"actor {(kind, key)!r} keeps stopping")

    async def _ask_per_message(self, entity: EntityKind, key: str, message: Any,
                               timeout: float | None) -> Any:  # noqa: ASYNC109
        for attempt in range(2):  # an actor passivated meanwhile: ask its successor
            ref = await self.actors.get_or_spawn((entity.name, key),
                                                 lambda: self._build(entity, key))
            try:
                return await ref.ask(message, timeout=timeout)
            except ActorStopped:
                if attempt or ref.failure is not None:
                    raise
        raise AssertionError("unreachable")

    async def _elsewhere(self, entity: EntityKind, key: str, message: Any) -> Any:
        """The kind's answer for a key not owned here; a `VersionConflict` delivers the
        message again, as to an actor (the one retry, `RETRIES` deliveries at most)."""
        if entity.elsewhere is None:
            raise ActorStopped((entity.name, key), f"{entity.name} {key} is owned elsewhere")
        for attempt in range(RETRIES):
            try:
                return await entity.elsewhere(key, message)
            except VersionConflict:
                if attempt == RETRIES - 1:
                    raise
        raise AssertionError("unreachable")

    async def _activation(self, entity: EntityKind, key: str) -> ActorRef | None:
        """The key's live actor, activated now under a fresh lease; None: not ours."""
        actor_key = (entity.name, key)
        ref = self.actors.get(actor_key)
        if ref is not None and (ref.is_alive or ref.failure is not None):
            return ref
        lock = self._locks.setdefault(actor_key, asyncio.Lock())
        async with lock:
            ref = self.actors.get(actor_key)
            if ref is not None and (ref.is_alive or ref.failure is not None):
                return ref
            if ref is not None:
                await ref.wait_terminated()
            releasing = self._releases.get(actor_key)
            if releasing is not None:  # the last activation's lease is being given up
                await asyncio.shield(releasing)
            if not self.may_own(entity.name):
                return None
            holding = await hold(self.leases, lease_name(entity.name, key), entity.ttl_s)
            if holding is None:
                return None
            try:
                ref = await self.actors.get_or_spawn(
                    actor_key, lambda: self._build(entity, key, holding))
            except BaseException:
                await holding.release()
                raise
            holding.on_lost = ref.request_stop  # renewal failed: stop the activation
            self._active[entity.name].add(key)
            self._releases[actor_key] = asyncio.get_running_loop().create_task(
                self._release_when_stopped(entity.name, key, ref, holding),
                name=f"lease of {entity.name} {key}")
        return ref

    async def _release_when_stopped(self, kind: str, key: str, ref: ActorRef,
                                    holding: Holding) -> None:
        try:
            await ref.wait_terminated()
            await holding.release()
        finally:
            self._active[kind].discard(key)
            if self._releases.get((kind, key)) is asyncio.current_task():
                del self._releases[(kind, key)]
            lock = self._locks.get((kind, key))
            if lock is not None and not lock.locked():
                del self._locks[(kind, key)]
            self.freed.set()
            logger.debug("released %s %s", kind, key)

    def _build(self, entity: EntityKind, key: str, holding: Holding | None = None) -> Cell:
        assert entity.factory is not None
        actor = entity.factory(key)
        if holding is None:
            return Cell(actor, PerMessage(self.leases, entity, key))
        delivery = Delivery(holding.fence, holding=holding)
        loaded = False

        async def deliver_activated(actor: OwnedActor, message: Any) -> Any:
            nonlocal loaded
            try:
                with delivering(delivery):
                    if not loaded:  # its state, once per activation, before its first message
                        await actor.load()
                        loaded = True
                    return await redelivering(actor, message)
            except OwnershipLost:
                actor.passivate()  # another process owns the key now
                raise

        return Cell(actor, deliver_activated)

    # ------------------------------------------------------------ work
    async def claim_work(self, kind: str, key: str, *,
                         wait_s: float | None = None) -> OwnedRun | None:
        """Claim the key of a work kind (see `actors.owned_work`); None: held elsewhere.
        `wait_s`: wait while it is held, looking every `wait_s` (holding the kind's
        `waiting` key meanwhile)."""
        entity = self._kinds[kind]
        return await claim_work(self.leases, kind, key, entity.ttl_s, entity.waiting, wait_s)

    async def _resume(self, entity: EntityKind, key: str) -> None:
        """Take a lapsed work key over: claim it, clear a dead waiter, hand it to `resume`."""
        assert entity.resume is not None
        run = await self.claim_work(entity.name, key)
        if run is None:
            return  # another process took it first
        try:
            if entity.waiting is not None:
                await clear_waiter(self.leases, entity.waiting, key, entity.ttl_s)
            await entity.resume(key, run)
        except BaseException:
            await run.give_back(finished=False)
            raise

    # ------------------------------------------------------------ takeover
    async def take_over_once(self) -> int:
        """Take over the lapsed keys of every kind that has a `take_over`; how many."""
        tried = 0
        for entity in list(self._kinds.values()):
            if entity.policy in ("interval", "singleton"):
                work = self._intervals if entity.policy == "interval" else self._singletons
                tried += work.look(entity)
                continue
            take_over = entity.take_over
            if entity.policy == "work" and entity.resume is not None:
                take_over = functools.partial(self._resume, entity)
            if take_over is None or not self.may_own(entity.name):
                continue
            limit = (None if entity.max_active is None
                     else entity.max_active - len(self._active[entity.name]))
            try:
                keys = await self.leases.lapsed(entity.name, limit)
            except Exception:  # noqa: BLE001 - e.g. the database is away: look again later
                logger.warning("looking for lapsed %s keys failed", entity.name, exc_info=True)
                continue
            for key in keys:
                if not self.may_own(entity.name):
                    break
                tried += 1
                try:
                    await take_over(key)
                except Exception:  # noqa: BLE001 - one key that fails must not stop the rest
                    logger.exception("could not take over %s %s", entity.name, key)
        return tried

    async def take_over_forever(self, interval_s: float) -> None:
        """The one takeover loop: every `interval_s`, and at once when a key is freed here.
        Stopping it stops the interval and singleton kinds' runs it started."""
        try:
            while True:
                self.freed.clear()
                try:
                    await self.take_over_once()
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - try again later
                    logger.warning("taking over lapsed keys failed", exc_info=True)
                # asyncio.timeout, not wait_for: on 3.11 wait_for swallows a cancellation
                # that arrives as the event is set, and this loop would outlive shutdown.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(interval_s):
                        await self.freed.wait()
        finally:
            await asyncio.gather(self._intervals.stop(), self._singletons.stop())

    async def shutdown(self, deadline: float = 10.0) -> None:
        """Stop every actor (see `ActorSystem.shutdown`) and the singleton runs, then give
        their leases up."""
        await asyncio.gather(self.actors.shutdown(deadline), self._singletons.stop())
        releases = list(self._releases.values())
        if releases:
            await asyncio.gather(*releases, return_exceptions=True)

