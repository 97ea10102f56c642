"""Each eval's session wake-ups owned by one process at a time, and taken over when it dies.

The process that approves an eval wakes the evaluator and then, session by
session, wakes it again when each planned session is due (`openclaw_sessions`).
That schedule is owned work of the entity kind `sessions` (claimed, kept and
given up by the actor runtime: the schedule runs under an `OwnedRun`) and derived
from the database, never from memory: the plan, the sessions that exist and the
wake-ups the eval's log records as admitted. So when the owner dies (kill -9, a
lost host) its ownership expires, and the runtime's one takeover loop — running
in every process — finds it within the time to live plus one interval, claims it
and calls `resume`, which wakes only the sessions not woken yet. A schedule cut
short (a shutdown, an error) is handed over at once, so another process takes
over without waiting; a schedule that ran to its end, or whose eval ended, is
given up and left alone.

Each session is woken once: the owner confirms it still owns the schedule (the
runtime renews, `still_owned`) right before each request, and a request cut short
by a death — sent, not yet recorded — is sent again by the next owner with the
same Idempotency-Key, which OpenClaw answers without starting a second run.

The driver imports neither the engine nor the store: the composition root hands
it the ports (`SchedulePorts`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.openclaw_sessions import wake_for_sessions

logger = logging.getLogger("agenteval.notifier.openclaw")


T = TypeVar("T")


class OwnedSchedule(Protocol):
    """One eval's schedule as the runtime claimed it (`actors.OwnedRun`)."""

    async def run(self, job: Callable[[], Awaitable[T]]) -> T: ...


class _StillOwned:
    """`Ownership` through the runtime's renewal (`SchedulePorts.still_owned`)."""

    def __init__(self, still_owned: Callable[[], Awaitable[bool]]) -> None:
        self.still_owned = still_owned

    async def confirm(self) -> bool:
        return await self.still_owned()


class WokenRecord(Protocol):
    """What the eval's log records as admitted: the approval wake-up, and which sessions."""

    @property
    def approval(self) -> bool: ...

    @property
    def sessions(self) -> frozenset[str]: ...


@dataclass(frozen=True)
class SchedulePorts:
    """What the schedules need from the database (given by agenteval.bootstrap)."""

    claim: Callable[[str], Awaitable[OwnedSchedule | None]]  # eval id → claimed, or None
    woken: Callable[[str], Awaitable[WokenRecord]]
    still_owned: Callable[[], Awaitable[bool]]  # renew now: is the schedule still ours?


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
        claimed = await self.ports.claim(eval_id)
        if claimed is None:
            logger.info("the session wake-ups of eval %s are owned by another process",
                        eval_id)
            return
        await self._own(eval_id, claimed)

    async def _own(self, eval_id: str, claimed: OwnedSchedule) -> None:
        """Run the schedule as claimed: done, it is given up; cut short (a shutdown, an
        error), the runtime hands it over, so a process — this one too — takes it over
        at its next look."""
        try:
            await claimed.run(lambda: self._wake_all(eval_id))
        except Exception:  # noqa: BLE001 - e.g. the database is away: someone retries
            logger.exception("the session wake-ups of eval %s stopped; another look "
                             "takes them over", eval_id)

    async def _wake_all(self, eval_id: str) -> None:
        """The schedule, from what the database says was done."""
        assert self.ports is not None
        owned = _StillOwned(self.ports.still_owned)
        api = self.connect()
        woken = await self.ports.woken(eval_id)
        if not woken.approval:
            evaluation = await api.get_eval(eval_id)
            if evaluation["status"] != "EXECUTING":
                return
            if not await owned.confirm():
                return  # another process owns it now: nothing more is ours to do
            if not await self.post_approval(eval_id, int(evaluation["planRevision"])):
                return  # not admitted: recorded; the watchdog sees the stall
        await wake_for_sessions(api, eval_id, self.time_scale, self._poster(eval_id),
                                woken=woken.sessions, owned=owned)

    def _poster(self, eval_id: str) -> Callable[[str, str, dict[str, Any]], Awaitable[None]]:
        async def post(key: str, message: str, extra: dict[str, Any]) -> None:
            await self.post_session(eval_id, key, message, extra)
        return post

    async def resume(self, eval_id: str, claimed: OwnedSchedule) -> None:
        """Own a schedule nobody owned any more (the `sessions` kind's `resume`: the
        runtime's takeover loop claimed it)."""
        logger.info("taking over the session wake-ups of eval %s", eval_id)
        task = asyncio.get_running_loop().create_task(
            self._own(eval_id, claimed), name=f"session wake-ups of {eval_id}")
        self._taken_over.add(task)
        task.add_done_callback(self._taken_over.discard)

    async def aclose(self) -> None:
        """Stop the schedules taken over (shutdown: each hands its schedule over)."""
        for task in list(self._taken_over):
            task.cancel()
        await asyncio.gather(*self._taken_over, return_exceptions=True)
