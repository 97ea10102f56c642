"""What the factory hands to every channel it opens."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agenteval.channels.base import TargetSpec
from agenteval.net.limiter import ConcurrencyLimiter

if TYPE_CHECKING:
    import aiohttp


@dataclass(frozen=True)
class ChannelContext:
    """The target, its shared limiter and the factory's shared HTTP session."""

    target: TargetSpec
    config: dict  # the target's config with schema defaults filled in
    limiter: ConcurrencyLimiter
    http_session: Callable[[], Awaitable[aiohttp.ClientSession]]
