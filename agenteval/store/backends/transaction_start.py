"""A transaction that fails to start leaves nothing behind (tortoise 1.1's TransactionContext).

tortoise's `in_transaction()` acquires a pooled connection, makes it the task's current
connection (a ContextVar), then sends BEGIN. When BEGIN fails — the connection the pool
handed out died in a database restart — `__aexit__` never runs: the connection is not
given back and, worse, the task keeps seeing the dead transaction as its connection, so
every later query of that task (a long-lived loop: the lease takeover, a run's writer)
fails with "connection has been released back to the pool" until the process restarts.
`install()` wraps `__aenter__` so that a failed start releases the connection (the pool
replaces a broken one) and restores the task's connection; the error itself still
propagates (an outage: UNAVAILABLE).
"""

from __future__ import annotations

import contextlib
from typing import Any

from tortoise.backends.base.client import TransactionContextPooled
from tortoise.connection import get_connections

_installed = False


def install() -> None:
    """Patch TransactionContextPooled.__aenter__ once per process (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    original = TransactionContextPooled.__aenter__

    async def entered(self: Any) -> Any:
        self.token = None  # set by the original once the connection is acquired
        try:
            return await original(self)
        except BaseException:
            if self.token is None:  # nothing acquired, nothing set
                raise
            with contextlib.suppress(ValueError, RuntimeError):
                get_connections().reset(self.token)  # the task's connection as it was
            self.token = None
            pool = getattr(self.client._parent, "_pool", None)
            if pool is not None:
                with contextlib.suppress(Exception):  # a dead one is closed by the pool
                    await pool.release(self.client._connection)
            raise

    TransactionContextPooled.__aenter__ = entered  # type: ignore[method-assign]
