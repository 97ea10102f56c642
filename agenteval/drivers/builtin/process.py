"""`agenteval driver`: the built-in driver as its own process, polling a (remote) service.

Every `poll_interval` seconds it lists the evals and acts on those waiting
for a role: PLANNING → planner; EXECUTING with planned sessions not yet
closed → evaluator; EXECUTING with every planned session closed → analyst.
Each (eval, role) runs at most once at a time, in the background, so a long
evaluator does not hold up other evals.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from agenteval.config import Settings
from agenteval.drivers import Role
from agenteval.drivers.builtin.graphql import AgentEvalApi, ApiError
from agenteval.drivers.builtin.runner import drive
from agenteval.drivers.builtin.transport import TransportError
from agenteval.llm import ModelRegistry

logger = logging.getLogger("agenteval.driver")


def role_waiting(eval_: dict[str, Any]) -> Role | None:
    """The role an eval (status + progress) is waiting for, if any."""
    progress = eval_.get("progress") or {}
    if eval_["status"] == "PLANNING":
        return "planner"
    if eval_["status"] != "EXECUTING":
        return None
    planned = progress.get("sessionsPlanned") or 0
    if planned and progress.get("sessionsClosed", 0) >= planned:
        return "analyst"
    return "evaluator"


class DriverLoop:
    """One polling round at a time; role runs continue in the background between rounds."""

    def __init__(self, api: AgentEvalApi, settings: Settings,
                 models: ModelRegistry | None = None) -> None:
        self.api = api
        self.settings = settings
        self.models = models
        self.running: dict[tuple[str, Role], asyncio.Task[None]] = {}

    async def poll_once(self) -> list[tuple[str, Role]]:
        """Start the role runs the evals wait for; returns the (eval id, role) pairs started."""
        started = []
        for status in ("PLANNING", "EXECUTING"):
            for eval_ in await self.api.list_evals(status):
                role = role_waiting(eval_)
                key = (eval_["id"], role) if role else None
                if key is None or (key in self.running and not self.running[key].done()):
                    continue
                self.running[key] = asyncio.create_task(self._run(*key))
                started.append(key)
        return started

    async def _run(self, eval_id: str, role: Role) -> None:
        try:
            result = await drive(self.api, eval_id, role, self.settings, self.models)
            logger.info("%s for eval %s: %s", role, eval_id, result.detail)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the next poll retries
            logger.exception("%s for eval %s failed", role, eval_id)

    async def wait(self) -> None:
        await asyncio.gather(*self.running.values(), return_exceptions=True)

    async def aclose(self) -> None:
        for task in self.running.values():
            task.cancel()
        await self.wait()


async def run_driver_process(api_url: str, api_key: str, poll_interval: float = 5.0, *,
                             settings: Settings | None = None,
                             models: ModelRegistry | None = None,
                             rounds: int | None = None) -> None:
    """Poll `api_url` with an AGENT key until cancelled (or for `rounds` polls)."""
    api = AgentEvalApi.over_http(api_url, api_key)
    loop = DriverLoop(api, settings or Settings.from_env(), models)
    done = 0
    try:
        while rounds is None or done < rounds:
            try:
                await loop.poll_once()
            except (ApiError, TransportError) as error:
                logger.warning("polling %s failed: %s", api_url, error)
            done += 1
            if rounds is None or done < rounds:
                await asyncio.sleep(poll_interval)
        await loop.wait()
    finally:
        await loop.aclose()
        await api.aclose()
