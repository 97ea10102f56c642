"""`ActorRef`: the mailbox and the loop that run an `Actor`, and restart it when it crashes.

The loop takes one message at a time from the mailbox and awaits the actor's
`handle` for it, so an actor never handles two messages concurrently. The mailbox
belongs to the ref, not to the instance: when a crashed instance is replaced by a
fresh one from the factory, the messages waiting in the mailbox are kept and handled
by the new instance (the message being handled when it crashed is not retried).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from actors.actor import Actor
from actors.asks import Ask
from actors.errors import ActorFailed, ActorStopped, MailboxFull
from actors.mailbox import Mailbox, MailboxClosed
from actors.supervision import RestartBudget, RestartPolicy

logger = logging.getLogger("actors")

ActorFactory = Callable[[], Actor]
FailureCallback = Callable[[Hashable, BaseException], Awaitable[None] | None]

NEVER_RESTART = RestartPolicy(max_restarts=0)
R = TypeVar("R")


@dataclass(eq=False)
class _Envelope:
    message: Any
    reply: asyncio.Future[Any] | None  # None for a tell


class _Crash(Exception):
    """The current instance is unusable (failed start, fatal error, on_failure raised)."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(repr(cause))
        self.cause = cause


def spawn(
    factory: ActorFactory,
    *,
    key: Hashable = None,
    restart_policy: RestartPolicy = NEVER_RESTART,
    on_failed: FailureCallback | None = None,
    on_terminated: Callable[[ActorRef], None] | None = None,
) -> ActorRef:
    """Create an actor from `factory` and start its loop; must run inside an event loop.

    The first instance is built here, so a broken factory raises to the caller. Later
    instances (restarts) are built in the loop. `on_failed(key, exc)` (sync or async)
    is called once if the actor is given up on; `on_terminated(ref)` when the loop ends.
    """
    actor = factory()
    return ActorRef(
        actor,
        factory,
        key=type(actor).__name__ if key is None else key,
        restart_policy=restart_policy,
        on_failed=on_failed,
        on_terminated=on_terminated,
    )


class ActorRef:
    """The handle everybody uses to talk to one actor. Create it with `spawn`."""

    def __init__(
        self,
        actor: Actor,
        factory: ActorFactory,
        *,
        key: Hashable,
        restart_policy: RestartPolicy,
        on_failed: FailureCallback | None,
        on_terminated: Callable[[ActorRef], None] | None,
    ) -> None:
        self.key = key
        self._actor: Actor | None = actor
        self._factory = factory
        self._restart_budget = RestartBudget(restart_policy)
        self._on_failed = on_failed
        self._on_terminated = on_terminated
        self._mailbox: Mailbox[_Envelope] = Mailbox(actor.mailbox_size)
        self._loop = asyncio.get_running_loop()
        self._busy = False
        self._children: set[asyncio.Task[Any]] = set()
        self._last_active = self._loop.time()
        self._failure: Exception | None = None
        self._terminated = asyncio.Event()
        self._task = self._loop.create_task(self._run(), name=f"actor {key!r}")

    def __repr__(self) -> str:
        state = "alive" if self.is_alive else "failed" if self._failure else "stopped"
        return f"<ActorRef {self.key!r} {state}>"

    @property
    def is_alive(self) -> bool:
        """True while the actor accepts messages (no stop requested, not failed)."""
        return not self._mailbox.closed

    @property
    def is_terminated(self) -> bool:
        """True once the loop has ended (on_stop has run, pending asks have been failed)."""
        return self._terminated.is_set()

    @property
    def mailbox_depth(self) -> int:
        """Messages waiting in the mailbox (not counting the one being handled)."""
        return len(self._mailbox)

    @property
    def failure(self) -> Exception | None:
        """The last crash's exception if the actor was given up on, else None."""
        return self._failure

    def idle_seconds(self) -> float:
        """How long the actor has had nothing to do (0 while it handles a message, has
        mail waiting, or a child task registered with `keep_busy_while` still runs)."""
        if self._busy or self._children or len(self._mailbox):
            return 0.0
        return self._loop.time() - self._last_active

    def keep_busy_while(self, task: asyncio.Task[Any]) -> None:
        """Count the actor as busy until `task` (work it runs beside its handlers) ends,
        so it is not passivated meanwhile; a stop still stops it (on_stop ends the task)."""
        if task.done():
            return
        self._children.add(task)
        task.add_done_callback(self._child_ended)

    def _child_ended(self, task: asyncio.Task[Any]) -> None:
        self._children.discard(task)
        self._last_active = self._loop.time()

    async def tell(self, message: Any) -> None:
        """Send without waiting for the result; waits while the mailbox is full.

        Raises `ActorStopped` (`ActorFailed`) if the actor is not accepting messages.
        """
        await self._put(_Envelope(message, None))

    def tell_nowait(self, message: Any) -> None:
        """Like `tell`, but raises `MailboxFull` instead of waiting for space."""
        try:
            self._mailbox.put_nowait(_Envelope(message, None))
        except MailboxClosed:
            raise self._stopped_error() from None
        except asyncio.QueueFull:
            raise MailboxFull(self.key, self._mailbox.maxsize) from None

    @overload
    async def ask(self, message: Ask[R], *, timeout: float | None = None) -> R: ...  # noqa: ASYNC109

    @overload
    async def ask(self, message: Any, *, timeout: float | None = None) -> Any: ...  # noqa: ASYNC109

    # The contract asks for ask(..., timeout=...): callers should not need asyncio.timeout.
    async def ask(self, message: Any, *, timeout: float | None = None) -> Any:  # noqa: ASYNC109
        """Send and return what `handle` returns, or raise what it raised (typed: the
        answer an `Ask[R]` message promises).

        Raises `ActorStopped` (`ActorFailed`) if the message will not be handled, and
        `TimeoutError` after `timeout` seconds (waiting for mailbox space included).
        A message whose ask timed out is still handled; its result is discarded.
        """
        reply: asyncio.Future[Any] = self._loop.create_future()
        async with asyncio.timeout(timeout):
            await self._put(_Envelope(message, reply))
            return await reply

    def request_stop(self) -> None:
        """Enqueue the stop: messages already in the mailbox are handled first,
        later ones raise `ActorStopped`. Returns at once; see `stop`."""
        self._mailbox.close()

    async def stop(self) -> None:
        """Request the stop and wait until the actor has handled its mailbox and stopped.

        Called from inside the actor itself it only requests (waiting would deadlock).
        """
        self.request_stop()
        if asyncio.current_task() is not self._task:
            await self._terminated.wait()

    async def wait_terminated(self) -> None:
        """Wait until the loop has ended, without requesting a stop."""
        await self._terminated.wait()

    def cancel(self) -> None:
        """Abandon the actor now: the message being handled is cancelled, `on_stop` still
        runs, and every pending ask raises `ActorStopped`."""
        self._mailbox.close()
        self._task.cancel()

    async def _put(self, envelope: _Envelope) -> None:
        try:
            await self._mailbox.put(envelope)
        except MailboxClosed:
            raise self._stopped_error() from None

    def _stopped_error(self) -> ActorStopped:
        if self._failure is not None:
            return ActorFailed(self.key, self._failure)
        return ActorStopped(self.key)

    async def _run(self) -> None:
        try:
            await self._supervise()
            if self._failure is not None:
                # Askers learn about the failure before the (maybe slow) report runs.
                self._mailbox.close()
                self._fail_pending()
                await self._report_failure(self._failure)
        finally:
            self._mailbox.close()
            self._fail_pending()
            self._terminated.set()
            if self._on_terminated is not None:
                self._on_terminated(self)

    async def _supervise(self) -> None:
        while True:
            try:
                await self._serve_one_instance()
                return
            except _Crash as crash:
                self._actor = None
                if not self._restart_budget.try_restart(self._loop.time()):
                    logger.error("actor %r crashed; giving up", self.key, exc_info=crash.cause)
                    self._failure = crash.cause
                    return
                logger.warning("actor %r crashed; restarting", self.key, exc_info=crash.cause)

    async def _serve_one_instance(self) -> None:
        if self._actor is None:
            try:
                self._actor = self._factory()
            except Exception as exc:
                raise _Crash(exc) from exc
        actor = self._actor
        actor._ref = self
        self._busy = True
        try:
            await actor.on_start()
        except Exception as exc:
            raise _Crash(exc) from exc
        finally:
            self._mark_idle()
        try:
            while True:
                try:
                    envelope = await self._mailbox.get()
                except MailboxClosed:
                    return
                await self._deliver(actor, envelope)
        finally:
            try:
                await actor.on_stop()
            except Exception:
                logger.exception("on_stop of actor %r raised", self.key)

    async def _deliver(self, actor: Actor, envelope: _Envelope) -> None:
        reply = envelope.reply
        self._busy = True
        try:
            result = await actor.handle(envelope.message)
        except asyncio.CancelledError:
            # The loop is being cancelled (shutdown deadline): the asker must not hang.
            if reply is not None and not reply.done():
                reply.set_exception(ActorStopped(self.key))
            raise
        except Exception as exc:
            if reply is not None:
                if not reply.done():
                    reply.set_exception(exc)
            else:
                try:
                    await actor.on_failure(exc, envelope.message)
                except Exception as hook_exc:
                    raise _Crash(hook_exc) from exc
            if isinstance(exc, actor.fatal_errors):
                raise _Crash(exc) from exc
        else:
            if reply is not None and not reply.done():
                reply.set_result(result)
        finally:
            self._mark_idle()

    def _mark_idle(self) -> None:
        self._busy = False
        self._last_active = self._loop.time()

    def _fail_pending(self) -> None:
        dropped_tells = 0
        for envelope in self._mailbox.drain():
            if envelope.reply is None:
                dropped_tells += 1
            elif not envelope.reply.done():
                envelope.reply.set_exception(self._stopped_error())
        if dropped_tells:
            logger.warning("actor %r stopped with %d unhandled tell(s)", self.key, dropped_tells)

    async def _report_failure(self, failure: Exception) -> None:
        if self._on_failed is None:
            return
        try:
            outcome = self._on_failed(self.key, failure)
            if inspect.isawaitable(outcome):
                await outcome
        except Exception:
            logger.exception("on_failed callback for actor %r raised", self.key)
