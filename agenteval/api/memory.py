"""Giving memory back to the system once a burst of websockets is over.

500 open subscriptions grow the process by tens of MB (their sockets' buffers, tasks
and frames); once they are closed that memory is free inside the process but glibc
keeps it, so RSS stayed ~45 MB up long after the load (bench/load.py). When the last
watched websocket of a process closes, a collection and `malloc_trim` return it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging

logger = logging.getLogger("agenteval.api")

_libc: ctypes.CDLL | None = None


def _malloc_trim() -> bool:
    global _libc
    try:
        if _libc is None:
            _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(_libc.malloc_trim(0))
    except (OSError, AttributeError):  # not glibc: nothing to trim this way
        return False


def give_back_memory() -> None:
    """Collect cycles, then return the heap's free pages to the system (glibc only)."""
    gc.collect()
    _malloc_trim()
