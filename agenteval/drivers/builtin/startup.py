"""What the built-in driver does when the service starts: resume roles, seed the demo."""

from __future__ import annotations

import logging
from typing import Any

from agenteval.drivers.builtin.in_process import in_process_api
from agenteval.drivers.builtin.process import role_waiting

logger = logging.getLogger("agenteval.driver")


async def wake_waiting_roles(services: Any) -> int:
    """After a restart, wake the built-in driver for every eval that waits for a role.

    A role that was running when the process stopped is not running any more;
    its work is idempotent (sessions carry idempotency keys), so it is started
    again rather than left for the watchdog to fail.
    """
    if services.settings.driver != "builtin":
        return 0
    api = in_process_api(services, "VIEWER", "start-up")
    woken = 0
    for status in ("PLANNING", "EXECUTING"):
        for eval_ in await api.list_evals(status):
            role = role_waiting(eval_)
            if role is not None:
                services.intelligent.wakeups.wake(eval_["id"], role, eval_["planRevision"])
                woken += 1
    if woken:
        logger.info("woke the built-in driver for %d eval(s) waiting since before the restart",
                    woken)
    return woken


async def start_driver(services: Any) -> None:
    """Resume waiting roles, then seed the demo into an empty database (AGENTEVAL_DEMO)."""
    await wake_waiting_roles(services)
    if services.settings.demo:
        from agenteval.demo_setup import seed_demo

        seeded = await seed_demo(services)
        if seeded is not None:
            logger.info("seeded the demo into the empty database: intelligent eval %s",
                        seeded.eval_id)
