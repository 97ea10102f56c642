"""The gate's event loop: uvloop when it is installed, as the server's is.

`uvicorn[standard]` (a dependency) brings uvloop, and uvicorn serves the API on it;
the gate ran on the stock asyncio loop, whose per-callback cost is most of what a
2,000-case run spends around aiohttp's requests. Without uvloop (another platform,
a trimmed install) the gate runs on asyncio as before: same code, same results.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop constructor, or None (asyncio's default loop)."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)`, on uvloop when installed."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
