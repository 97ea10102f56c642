"""The drivers: what wakes the agents of an intelligent eval, at the edge of the service.

`builtin` (drivers.builtin) plays the three roles itself as a GraphQL client;
`openclaw` (drivers.openclaw) asks an OpenClaw gateway to start the role's agent.
Neither imports the engine or the store: the composition root
(`agenteval.bootstrap`) chooses one from `settings.driver` and hands it the
ports below.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

Role = Literal["planner", "evaluator", "analyst"]

# Records the AGENT_WOKEN detail ({role, driver, ok, runId | error}) of one wake-up of an eval.
RecordWake = Callable[[str, dict[str, Any]], Awaitable[object]]
