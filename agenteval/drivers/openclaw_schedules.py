"""Each eval's session wake-ups owned by one process at a time, and taken over when it dies.

The process that approves an eval wakes the evaluator and then, session by
session, wakes it again when each planned session is due (`openclaw_sessions`).
That schedule is owned work of the entity kind `sessions` (its lease
`sessions:<eval id>` held and renewed by the actor runtime) and derived from
the database, never from memory: the plan, the sessions that exist and the
wake-ups the eval's log records as admitted. So when the owner dies (kill -9,
a lost host) its lease expires unreleased, and the runtime's one takeover loop
— running in every process — finds it within the lease's time to live plus
one interval and calls `take_over`, which wakes only the sessions not woken
yet. A shutdown hands the schedule over (it lapses at once, still naming its
owner) so another process takes over without waiting; a schedule that ran to
its end, or whose eval ended, is released and left alone.

Each session is woken once: the owner confirms its lease (a renewal) right
before each request, and a request cut short by a death — sent, not yet
recorded — is sent again by the next owner with the same Idempotency-Key, which
OpenClaw answers without starting a second run.

The driver imports neither the engine nor the store: the composition root hands
it the ports (`SchedulePorts`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.openclaw_sessions import Ownership, wake_for_sessions

logger = logging.getLogger("agenteval.notifier.openclaw")


class ScheduleLease(Ownership, Protocol):
    """The lease of one eval's schedule (`actors.Holding`)."""

    async def release(self) -> None: ...

    async def abandon(self) -> None: ...


class WokenRecord(Protocol):
    """What the eval's log records as admitted: the approval wake-up, and which sessions."""

    @property
    def approval(self) -> bool: ...

    @property
    def sessions(self) -> frozenset[str]: ...


@dataclass(frozen=True)
class SchedulePorts:
    """What the schedules need from the database (given by agenteval.bootstrap)."""

    claim: Callable[[str], Awaitable[ScheduleLease | None]]  # eval id → the lease, or None
    woken: Callable[[str], Awaitable[WokenRecord]]


# (eval id, plan revision) → whether OpenClaw admitted the approval wake-up.
PostApproval = Callable[[str, int], Awaitable[bool]]
# (eval id, idempotency key, message, detail extras): one session's wake-up, recorded.
PostSession = Callable[[str, str, str, dict[str, Any]], Awaitable[None]]


class SessionSchedules:
    """Runs the schedules this process owns; takes over those nobody owns any more."""

    def __init__(self, connect: Callable[[], AgentEvalApi], time_scale: float,
                 post_approval: PostApproval, post_session: PostSession,
                 ports: SchedulePorts | None = None) -> None:
        self.connect = connect
        self.time_scale = time_scale
        self.post_approval = post_approval
        self.post_session = post_session
        self.ports = ports
        self._taken_over: set[asyncio.Task[None]] = set()

    async def after_approval(self, eval_id: str, revision: int) -> None:
        """Wake the evaluator of an approved eval, then for each session when it is due."""
        if self.ports is None:  # no database at hand (tests): the schedule is not owned
            if await self.post_approval(eval_id, revision):
                await wake_for_sessions(self.connect(), eval_id, self.time_scale,
                                        self._poster(eval_id))
            return
        lease = await self.ports.claim(eval_id)
        if lease is None:
            logger.info("the session wake-ups of eval %s are owned by another process",
                        eval_id)
            return
        await self._own(eval_id, lease)

    async def _own(self, eval_id: str, lease: ScheduleLease) -> None:
        """Run the schedule under `lease`, from what the database says was done."""
        assert self.ports is not None
        finished = False
        try:
            api = self.connect()
            woken = await self.ports.woken(eval_id)
            if not woken.approval:
                evaluation = await api.get_eval(eval_id)
                if evaluation["status"] != "EXECUTING":
                    finished = True
                    return
                if not await lease.confirm():
                    return
                if not await self.post_approval(eval_id, int(evaluation["planRevision"])):
                    finished = True  # not admitted: recorded; the watchdog sees the stall
                    return
            await wake_for_sessions(api, eval_id, self.time_scale, self._poster(eval_id),
                                    woken=woken.sessions, owned=lease)
            finished = True
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - e.g. the database is away: someone retries
            logger.exception("the session wake-ups of eval %s stopped; another look "
                             "takes them over", eval_id)
        finally:
            # Done: released, nobody takes it over. Cut short (shutdown, an error): abandoned,
            # so a process — this one too — takes the schedule over at its next look.
            await asyncio.shield(lease.release() if finished else lease.abandon())

    def _poster(self, eval_id: str) -> Callable[[str, str, dict[str, Any]], Awaitable[None]]:
        async def post(key: str, message: str, extra: dict[str, Any]) -> None:
            await self.post_session(eval_id, key, message, extra)
        return post

    async def take_over(self, eval_id: str) -> None:
        """Own a schedule nobody owns any more (the `sessions` kind's takeover action)."""
        if self.ports is None:
            return
        lease = await self.ports.claim(eval_id)
        if lease is None:
            return  # another process took it first
        logger.info("taking over the session wake-ups of eval %s", eval_id)
        task = asyncio.get_running_loop().create_task(
            self._own(eval_id, lease), name=f"session wake-ups of {eval_id}")
        self._taken_over.add(task)
        task.add_done_callback(self._taken_over.discard)

    async def aclose(self) -> None:
        """Stop the schedules taken over (shutdown: each hands its schedule over)."""
        for task in list(self._taken_over):
            task.cancel()
        await asyncio.gather(*self._taken_over, return_exceptions=True)
