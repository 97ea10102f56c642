"""The watchdog: fails stalled evals and expires idle sessions (docs/design.md, "State machines").

`run_once(engine, now)` does one pass (tests call it directly). The watchdog is an
entity kind of the owned system with the `interval` policy (`watchdog_kind`, declared
at the composition root): the one takeover loop makes a pass once per
`settings.watchdog_interval_s` across all processes, in whichever process looks first
once the interval has passed (actors.interval). It only *decides*: every
change goes through the eval's or session's actor, which re-checks the
condition on fresh data, so the watchdog serialises with mutations. It also
asks the actors of sessions still RUNNING under an ended eval to fail them
(the EvalActor asks them when the eval ends; a crash in between leaves them).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from actors import EntityKind
from agenteval.domain.intelligent import eval_state
from agenteval.domain.owned_kinds import WATCHDOG
from agenteval.engine.intelligent import commands
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.intelligent.stalls import stall_reason
from agenteval.store.evals import watchdog_reads

logger = logging.getLogger("agenteval.watchdog")


async def run_once(engine: IntelligentEngine, now: datetime | None = None) -> dict[str, int]:
    """One pass; returns how many evals failed and sessions expired (for logs and tests)."""
    now = now or datetime.now(UTC)
    failed = expired = 0
    idle_before = now - timedelta(seconds=engine.settings.session_timeout_s)
    sessions = await watchdog_reads.running_sessions()
    for session_id, last_activity, created in sessions:
        if (last_activity or created) < idle_before:
            if await engine.ask_session(session_id,
                                        commands.ExpireSession(idle_before)) is not None:
                expired += 1
    for row in await watchdog_reads.evals_in((eval_state.PLANNING, eval_state.EXECUTING)):
        reason = stall_reason(row, engine.settings, now)
        if reason is not None and await engine.ask_eval(
                row.id, commands.FailEval(reason, now)) is not None:
            failed += 1
    await _fail_orphaned_sessions(engine, now)
    return {"failed": failed, "expired": expired}


async def _fail_orphaned_sessions(engine: IntelligentEngine, now: datetime) -> None:
    """Sessions still RUNNING although their eval has ended: their actors fail them."""
    for session_id in await watchdog_reads.orphaned_sessions():
        if await engine.ask_session(session_id, commands.FailSession(now)) is not None:
            logger.warning("failed session %s left RUNNING under its ended eval", session_id)


def watchdog_kind(engine: IntelligentEngine) -> EntityKind:
    """A pass of `run_once` once per `settings.watchdog_interval_s`, cluster-wide."""

    async def make_a_pass(_: str) -> None:
        await run_once(engine)

    return EntityKind.interval(WATCHDOG, engine.settings.watchdog_interval_s,
                               take_over=make_a_pass)
