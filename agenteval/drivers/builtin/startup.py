"""What the built-in driver does when the service starts: wake the roles evals wait for."""

from __future__ import annotations

import logging
from collections.abc import Callable

from agenteval.drivers import Role
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.process import role_waiting

logger = logging.getLogger("agenteval.driver")

# Wakes the role of an eval (eval id, role, plan revision) in the background.
Wake = Callable[[str, Role, int], None]


async def wake_waiting_roles(api: AgentEvalApi, wake: Wake) -> int:
    """After a restart, wake the built-in driver for every eval that waits for a role.

    `api` only reads (a VIEWER is enough). A role that was running when the
    process stopped is not running any more; its work is idempotent (sessions
    carry idempotency keys), so it is started again rather than left for the
    watchdog to fail. Returns how many roles were woken.
    """
    woken = 0
    for status in ("PLANNING", "EXECUTING"):
        for eval_ in await api.list_evals(status):
            role = role_waiting(eval_)
            if role is not None:
                wake(eval_["id"], role, eval_["planRevision"])
                woken += 1
    if woken:
        logger.info("woke the built-in driver for %d eval(s) waiting since before the restart",
                    woken)
    return woken
