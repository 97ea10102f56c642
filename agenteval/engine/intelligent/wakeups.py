"""Waking the agent that plays a role (planner, evaluator, analyst) of an intelligent eval.

A `Notifier` wakes one role; the composition root (`agenteval.bootstrap`) picks
it from `settings.driver`. `NoneNotifier` (driver `none`) wakes nobody and
records nothing; the drivers in `agenteval.drivers` record an AGENT_WOKEN
event ({role, driver, ok, runId | error}) through the port they are given.

`WakeUps` runs every wake-up as a background task: never inside a
mutation's transaction, never failing the mutation.

Driving an eval in process (the built-in driver) happens once cluster-wide:
with `lease_ttl_s` set, a wake-up first holds the eval's drive lease
(`drive_lease_name`), waiting while another wake-up — in this process or
another — drives the eval, and releases it when the role's work is done. A
process that dies while driving leaves its lease to expire;
`abandoned_drives` finds such evals and another process takes the driving
over (agenteval.bootstrap); a wake-up cut short by a shutdown marks its lease
abandoned so that happens at once. A wake-up waiting for a busy drive lease holds
the eval's waiting lease meanwhile, so the role it was to play is taken over as
well if its process dies while it waits. Wake-ups asked for before `start` (while the
process is not serving yet) are held back until then.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Literal, Protocol

from agenteval.domain import eval_state
from agenteval.store import leases
from agenteval.store.leases import KeptLease

logger = logging.getLogger("agenteval.notifier")

Role = Literal["planner", "evaluator", "analyst"]


class Notifier(Protocol):
    """Wakes the agent playing `role` for an eval; `revision` is the eval's planRevision."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None: ...


class NoneNotifier:
    """The `none` driver: agents poll or are started by hand; nothing is recorded."""

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        return None


def drive_lease_name(eval_id: str) -> str:
    """The lease of driving an eval (the built-in driver's role work)."""
    return f"drive:{eval_id}"


def waiting_lease_name(eval_id: str) -> str:
    """Held by a wake-up while it waits for the eval's busy drive lease: should its process
    die, the lease expires unreleased and shows the role was left waiting."""
    return f"drive-wait:{eval_id}"


async def abandoned_drives() -> list[str]:
    """Evals waiting for a role that nobody drives: their driver died (the drive lease
    expired unreleased), no process ever took the wake-up (no drive lease at all: the
    process that moved the eval on died first, or does not drive), or a wake-up waiting
    for the drive lease died while waiting (its waiting lease expired unreleased) and
    nobody drives the eval now."""
    rows = await leases.query(
        "SELECT e.id AS id FROM intelligent_evals e LEFT JOIN leases l "
        "ON l.name = 'drive:' || CAST(e.id AS TEXT) LEFT JOIN leases w "
        "ON w.name = 'drive-wait:' || CAST(e.id AS TEXT) WHERE e.status IN ($1, $2) "
        "AND (l.name IS NULL OR (l.owner <> '' AND l.expires_at < {now}) "
        "OR (l.expires_at < {now} AND w.owner <> '' AND w.expires_at < {now}))",
        eval_state.PLANNING, eval_state.EXECUTING)
    return [str(row["id"]) for row in rows]


async def forget_waiting(eval_id: str, ttl_s: float) -> None:
    """Clear a waiting lease left by a dead wake-up, once its role is taken over (a live
    one, still waiting in its process, is left alone: it drives after this driver)."""
    held = await leases.claim(waiting_lease_name(eval_id), ttl_s)
    if held is not None:
        await leases.release(held)


class WakeUps:
    """Runs wake-ups in the background and keeps track of them until they finish.

    The engine is built before the driver (the built-in driver is a client of
    the API, which needs the engine), so the root sets `notifier` once both exist;
    until then wake-ups go to `NoneNotifier`.
    """

    def __init__(self, notifier: Notifier | None = None,
                 lease_ttl_s: float | None = None) -> None:
        self.notifier: Notifier = notifier or NoneNotifier()
        self.lease_ttl_s = lease_ttl_s
        self._tasks: set[asyncio.Task[None]] = set()
        self._held_back: list[tuple[str, Role, int, bool]] | None = None

    def hold_back(self) -> None:
        """Keep wake-ups from now on until `start` (the process does not serve yet)."""
        if self._held_back is None:
            self._held_back = []

    def start(self) -> None:
        """Run the wake-ups held back, and every later one at once."""
        held, self._held_back = self._held_back or [], None
        for eval_id, role, revision, unless_driven in held:
            self.wake(eval_id, role, revision, unless_driven=unless_driven)

    def wake(self, eval_id: str, role: Role, revision: int,
             lease: KeptLease | None = None, unless_driven: bool = False) -> None:
        """Wake `role` in the background; `lease`: the drive lease, already held;
        `unless_driven`: skip it when another wake-up drives the eval now (start-up)."""
        if self._held_back is not None and lease is None:
            self._held_back.append((eval_id, role, revision, unless_driven))
            return
        task = asyncio.get_running_loop().create_task(
            self._run(eval_id, role, revision, lease, unless_driven),
            name=f"wake {role} of eval {eval_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, eval_id: str, role: Role, revision: int,
                   lease: KeptLease | None, unless_driven: bool = False) -> None:
        cut_short = False
        try:
            if lease is None and self.lease_ttl_s is not None:
                if unless_driven:
                    lease = await leases.claim_kept(drive_lease_name(eval_id), self.lease_ttl_s)
                    if lease is None:
                        return  # driven elsewhere right now
                else:
                    lease = await self._hold_drive_lease(eval_id, self.lease_ttl_s)
            await self.notifier.wake(eval_id, role, revision)
        except asyncio.CancelledError:
            cut_short = True
            raise
        except Exception:  # noqa: BLE001 - a failed wake-up never fails the eval
            logger.exception("waking the %s of eval %s failed", role, eval_id)
        finally:
            if lease is not None:
                # Cut short (shutdown): hand the driving over at once, else: done.
                await asyncio.shield(lease.abandon() if cut_short else lease.release())

    async def _hold_drive_lease(self, eval_id: str, ttl_s: float) -> KeptLease:
        """Claim the eval's drive lease, waiting while someone else drives the eval.

        While it waits it holds the eval's waiting lease (`waiting_lease_name`), so that
        if this process dies meanwhile another one sees the role left waiting."""
        waiting: KeptLease | None = None
        cut_short = False
        try:
            while True:
                lease = await leases.claim_kept(drive_lease_name(eval_id), ttl_s)
                if lease is not None:
                    return lease
                if waiting is None:  # None too while another wake-up here holds it
                    waiting = await leases.claim_kept(waiting_lease_name(eval_id), ttl_s)
                await asyncio.sleep(min(ttl_s / 3, 1.0))
        except asyncio.CancelledError:
            cut_short = True
            raise
        finally:
            if waiting is not None:
                # Cut short (shutdown): leave it abandoned, for another process to take over.
                await asyncio.shield(waiting.abandon() if cut_short else waiting.release())

    async def drain(self) -> None:
        """Wait for the wake-ups in flight (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
