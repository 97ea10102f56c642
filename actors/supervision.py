"""How often a crashing actor may be restarted before it is given up on."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class RestartPolicy:
    """At most `max_restarts` restarts within any `within_seconds` window.

    `RestartPolicy(max_restarts=0)` never restarts: the first crash fails the actor.
    """

    max_restarts: int = 3
    within_seconds: float = 60.0

    def __post_init__(self) -> None:
        if self.max_restarts < 0:
            raise ValueError(f"max_restarts must be >= 0, got {self.max_restarts}")
        if self.within_seconds <= 0:
            raise ValueError(f"within_seconds must be > 0, got {self.within_seconds}")


class RestartBudget:
    """The restarts one actor has used up under a `RestartPolicy` (sliding window)."""

    def __init__(self, policy: RestartPolicy) -> None:
        self.policy = policy
        self._restart_times: deque[float] = deque()

    def try_restart(self, now: float) -> bool:
        """Record a restart at monotonic time `now` and return True, or False if none is left."""
        window_start = now - self.policy.within_seconds
        while self._restart_times and self._restart_times[0] <= window_start:
            self._restart_times.popleft()
        if len(self._restart_times) >= self.policy.max_restarts:
            return False
        self._restart_times.append(now)
        return True
