"""`ActorSystem`: at most one actor per key, passivation, supervision and shutdown."""

from __future__ import annotations

import asyncio
from collections.abc import Hashable
from types import TracebackType

from actors.errors import ActorStopped
from actors.ref import ActorFactory, ActorRef, FailureCallback, spawn
from actors.supervision import RestartPolicy


class ActorSystem:
    """A registry of actors by key (e.g. one actor per eval id).

    - `idle_timeout`: an actor with nothing to do for that many seconds is stopped
      (gracefully, like `stop`) and forgotten; the next `get_or_spawn` builds a fresh
      one. None disables passivation.
    - `restart_policy`: how often a crashing actor is rebuilt from its factory before
      it is given up on.
    - `on_actor_failed(key, exc)` (sync or async): called once when an actor is given
      up on. The failed ref stays registered, so asks to that key raise `ActorFailed`,
      until `stop(key)` forgets it (the callback may do that to allow a fresh start).
    - `forget_failed`: the supervision policy for a key whose actor was given up on.
      False (the default) keeps the failed ref registered as described above. True
      forgets it once it has terminated (after `on_actor_failed` ran), so the NEXT
      `get_or_spawn` builds a fresh actor with a fresh restart budget; until then
      asks to the key raise `ActorFailed` ("try again shortly"). Use it when a crash
      may have a passing cause (a database outage) that should not disable the key
      for the rest of the process's life.

    Always `get_or_spawn` right before talking to an actor rather than keeping refs:
    a kept ref may have been passivated meanwhile (it then raises `ActorStopped`).
    """

    def __init__(
        self,
        *,
        idle_timeout: float | None = None,
        restart_policy: RestartPolicy | None = None,
        on_actor_failed: FailureCallback | None = None,
        forget_failed: bool = False,
    ) -> None:
        if idle_timeout is not None and idle_timeout <= 0:
            raise ValueError(f"idle_timeout must be > 0, got {idle_timeout}")
        self.idle_timeout = idle_timeout
        self.restart_policy = restart_policy or RestartPolicy()
        self._on_actor_failed = on_actor_failed
        self.forget_failed = forget_failed
        self._refs: dict[Hashable, ActorRef] = {}
        self._closed = False
        self._passivation: asyncio.Task[None] | None = None

    async def __aenter__(self) -> ActorSystem:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.shutdown()

    def __len__(self) -> int:
        return len(self._refs)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._refs

    async def get_or_spawn(self, key: Hashable, factory: ActorFactory) -> ActorRef:
        """The actor registered under `key`, spawned from `factory` if there is none.

        `factory` is synchronous (do async set-up in `on_start`, which runs before the
        first message), so concurrent calls for one key always get the same actor.
        If the registered actor is still stopping, this waits for it to finish before
        spawning its successor: two instances of one key never run side by side.
        Raises `ActorStopped` once the system is shutting down.
        """
        while True:
            if self._closed:
                raise ActorStopped(key, "actor system is shut down")
            ref = self._refs.get(key)
            if ref is None:
                ref = spawn(
                    factory,
                    key=key,
                    restart_policy=self.restart_policy,
                    on_failed=self._on_actor_failed,
                    on_terminated=self._forget,
                )
                self._refs[key] = ref
                self._start_passivation()
                return ref
            if ref.is_alive or ref.failure is not None:
                return ref
            await ref.wait_terminated()

    def refs(self) -> list[ActorRef]:
        """A snapshot of every registered actor (alive, stopping or failed), for monitoring."""
        return list(self._refs.values())

    def get(self, key: Hashable) -> ActorRef | None:
        """The actor registered under `key` (alive, stopping or failed), or None."""
        return self._refs.get(key)

    async def stop(self, key: Hashable) -> None:
        """Stop the actor under `key` gracefully and forget it; no-op if there is none."""
        ref = self._refs.get(key)
        if ref is None:
            return
        if ref.failure is not None:
            del self._refs[key]
        await ref.stop()

    async def shutdown(self, deadline: float = 10.0) -> None:
        """Accept no new actors, let every actor handle its mailbox for up to `deadline`
        seconds, then cancel the ones still running (their pending asks get
        `ActorStopped`). Returns when every actor has terminated."""
        self._closed = True
        if self._passivation is not None:
            self._passivation.cancel()
            await asyncio.wait([self._passivation])
            self._passivation = None
        refs = list(self._refs.values())
        for ref in refs:
            ref.request_stop()
        waiters = [asyncio.ensure_future(ref.wait_terminated()) for ref in refs]
        if waiters:
            await asyncio.wait(waiters, timeout=deadline)
            for ref in refs:
                if not ref.is_terminated:
                    ref.cancel()
            await asyncio.gather(*waiters)
        self._refs.clear()

    def _forget(self, ref: ActorRef) -> None:
        # Unless failed actors are forgotten, one stays registered so its key keeps
        # answering ActorFailed.
        if (ref.failure is None or self.forget_failed) and self._refs.get(ref.key) is ref:
            del self._refs[ref.key]

    def _start_passivation(self) -> None:
        if self.idle_timeout is not None and self._passivation is None:
            self._passivation = asyncio.get_running_loop().create_task(
                self._passivate_idle_actors(self.idle_timeout), name="actors passivation"
            )

    async def _passivate_idle_actors(self, idle_timeout: float) -> None:
        while True:
            next_check = idle_timeout
            for ref in list(self._refs.values()):
                if not ref.is_alive:
                    continue
                remaining = idle_timeout - ref.idle_seconds()
                if remaining <= 0:
                    ref.request_stop()
                else:
                    next_check = min(next_check, remaining)
            await asyncio.sleep(next_check)
