"""The class to subclass: one `handle` coroutine plus lifecycle hooks.

An actor never runs on its own: `spawn` (or `ActorSystem.get_or_spawn`) wraps it in an
`ActorRef` that owns the mailbox and the loop, and everybody talks to that ref.
Hook order for one instance: `on_start`, then `handle`/`on_failure` one message at a
time, then `on_stop` (which runs for every instance whose `on_start` succeeded:
after a stop, a crash, or a cancellation at the shutdown deadline).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from actors.ref import ActorRef

logger = logging.getLogger("actors")


class Actor:
    """Owns some state; handles the messages sent to its ref strictly one at a time.

    Subclasses implement `handle`. Class attributes:

    - `mailbox_size`: bound of the mailbox; `tell`/`ask` wait for space when it is
      full, `tell_nowait` raises `MailboxFull`.
    - `fatal_errors`: exception types that crash the actor (so the supervisor
      restarts it) even when raised from an `ask`, whose caller also receives them.
      Anything else raised from an `ask` is a normal result for the caller.
    """

    mailbox_size: ClassVar[int] = 1000
    fatal_errors: ClassVar[tuple[type[Exception], ...]] = ()

    _ref: ActorRef | None = None

    @property
    def ref(self) -> ActorRef:
        """The ref this instance runs in (to tell yourself something later, or to stop).

        Never `await self.ref.ask(...)` from `handle`: the actor would wait for itself.
        """
        if self._ref is None:
            raise RuntimeError(f"{type(self).__name__} has not been spawned")
        return self._ref

    def start_child(self, work: Coroutine[Any, Any, None], *, name: str) -> asyncio.Task[None]:
        """Run `work` in a task of its own; the actor counts as busy until it ends.

        The handler that starts it returns at once (so the actor keeps handling
        messages), but the actor is not passivated as idle while the work runs.
        The work reports back through the mailbox (`self.ref.tell(...)`), never by
        touching the actor's state directly.
        """
        task = asyncio.get_running_loop().create_task(work, name=name)
        self.ref.keep_busy_while(task)
        return task

    async def handle(self, message: Any) -> Any:
        """Handle one message; the return value (or exception) goes to an `ask`er."""
        raise NotImplementedError(f"{type(self).__name__} must implement handle()")

    async def on_start(self) -> None:
        """Runs before the first message. Raising here crashes the actor."""

    async def on_stop(self) -> None:
        """Runs after the last message. Exceptions are logged, not propagated."""

    async def on_failure(self, exc: Exception, message: Any) -> None:
        """`handle` raised `exc` for a `tell`: log it and keep going.

        Override to react; raise (e.g. `raise exc`) to declare the actor crashed, so
        its supervisor restarts it.
        """
        logger.error("%s failed to handle %r", type(self).__name__, message, exc_info=exc)
