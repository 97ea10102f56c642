"""A small, domain-free asyncio actor runtime (pykka's lifecycle, Akka's supervision).

Usage::

    class Counter(Actor):
        def __init__(self) -> None:
            self.count = 0

        async def handle(self, message):
            self.count += message
            return self.count

    async with ActorSystem(idle_timeout=300) as system:
        ref = await system.get_or_spawn("counter-1", Counter)
        await ref.ask(2, timeout=5)   # -> 2
        await ref.tell(3)             # fire and forget

    A message class deriving from `Ask[R]` types its answer: `ask` returns an `R`.

Messages
    Each actor handles one message at a time, in arrival order. The mailbox is
    bounded (`Actor.mailbox_size`): `tell`/`ask` wait for space (backpressure),
    `tell_nowait` raises `MailboxFull`. `stop` is itself a message: messages already
    in the mailbox are handled first; later ones raise `ActorStopped`, and messages
    that can no longer be handled (cancelled at the shutdown deadline, actor failed)
    make their askers raise `ActorStopped` / `ActorFailed` (tells are dropped, logged).

Errors and supervision
    - `ask`: whatever `handle` raises goes to the caller. That is a normal business
      error (e.g. validation), NOT a crash: the actor keeps its state and goes on.
    - `tell`: whatever `handle` raises goes to `on_failure(exc, message)`, which by
      default logs it and goes on. If `on_failure` raises, the actor crashed.
    - The actor also crashes when `on_start` (or the factory, on restart) raises, or
      when `handle` raises one of its `fatal_errors` (from an ask: the caller gets
      the exception too).
    - A crashed instance gets `on_stop` (if it had started) and is replaced by a fresh
      one from its factory; the mailbox is kept, the crashing message is not retried.
      At most `RestartPolicy.max_restarts` restarts within `within_seconds`; one
      crash more and the actor is failed: `on_actor_failed(key, exc)` is called once,
      every pending and later ask/tell for it raises `ActorFailed` (a subclass of
      `ActorStopped`), until `ActorSystem.stop(key)` forgets it — or, with
      `ActorSystem(forget_failed=True)`, until it has terminated: the next message
      for the key then builds a fresh actor.
    - Standalone `spawn(...)` uses `RestartPolicy(max_restarts=0)` unless told otherwise.

Ownership across processes
    `OwnedSystem` runs `OwnedActor`s of declared `EntityKind`s only while this
    process holds their key's lease in a `LeaseStore` (see `actors.owned`); one
    takeover loop serves every kind whose leases lapsed, and starts the work of the
    `interval` kinds (once per interval cluster-wide) and `singleton` kinds (one
    process at a time). `MemoryLeases` is the store of tests. The lease machinery
    (`Fence`, `Holding`, `LeaseStore`, `lease_name` in `actors.ownership`; the
    delivery a store adapter reads its fence from, `actors.delivery`) is not exported
    here: only the runtime, the store adapters and the composition root use it.

Lifecycle
    `ActorSystem.get_or_spawn` gives one actor per key; idle actors are passivated
    after `idle_timeout` (an actor is not idle while a child task it started with
    `Actor.start_child` runs); `shutdown(deadline)` drains then cancels. See `ActorSystem`.
"""

from actors.actor import Actor
from actors.asks import Ask
from actors.errors import ActorError, ActorFailed, ActorStopped, MailboxFull
from actors.interval import CLUSTER_KEY, once_per_interval
from actors.memory_leases import MemoryLeases
from actors.owned import EntityKind, OwnedSystem
from actors.owned_actor import OwnedActor
from actors.owned_work import OwnedRun
from actors.ownership import OwnerBusy, OwnershipLost, VersionConflict
from actors.ref import ActorFactory, ActorRef, FailureCallback, spawn
from actors.supervision import RestartPolicy
from actors.system import ActorSystem

__all__ = [
    "Actor",
    "Ask",
    "ActorError",
    "ActorFactory",
    "ActorFailed",
    "ActorRef",
    "ActorStopped",
    "ActorSystem",
    "CLUSTER_KEY",
    "EntityKind",
    "MemoryLeases",
    "OwnedActor",
    "OwnedRun",
    "OwnedSystem",
    "OwnerBusy",
    "OwnershipLost",
    "FailureCallback",
    "MailboxFull",
    "RestartPolicy",
    "VersionConflict",
    "once_per_interval",
    "spawn",
]
