"""The built-in driver's entry points: `drive` one role of one eval, and `BuiltinWaker`.

`drive(api, eval_id, role, settings, models)` does one role's work through
the GraphQL API: the planner plans (or re-plans after a rejection), the
evaluator runs every planned session and returns, the analyst reports. Each
role uses its model (PLANNER / SIMULATOR + ANALYST / ANALYST) when `models`
has one and the scripted logic otherwise — also when the model fails.

`BuiltinWaker` is the `builtin` driver (a `Notifier` of the intelligent engine):
each wake-up (a background task) records AGENT_WOKEN {role, driver:
"builtin", ok, runId} and runs `drive` against the service's own GraphQL
view, in process, acting as AGENT (an in-memory identity, not a stored key).
It reaches the service only through the ports the composition root gives it.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from agenteval.config import Settings
from agenteval.drivers import RecordWake, Role
from agenteval.drivers.builtin.evaluator import Evaluator, scripted_user, scripted_verdict_maker
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.llm_analysis import model_report, model_verdict
from agenteval.drivers.builtin.llm_planner import model_plan
from agenteval.drivers.builtin.provenance import ModelFallbackRefused, Trail
from agenteval.drivers.builtin.scripted_plan import revised_plan
from agenteval.drivers.builtin.scripted_report import build_report
from agenteval.drivers.builtin.texts import language_of
from agenteval.drivers.builtin.users import ModelUser, VirtualUser
from agenteval.drivers.builtin.verdict import Expectations
from agenteval.llm import ModelRegistry

logger = logging.getLogger("agenteval.driver")

# The model roles the driver uses (the composition root loads their configs).
DRIVER_ROLES = ("PLANNER", "SIMULATOR", "ANALYST")

# The in-process GraphQL client the driver acts through (as AGENT).
ConnectApi = Callable[[], AgentEvalApi]
# The DRIVER_ROLES models configured now for the eval named (its calls' usage is
# recorded under it); None when there are none.
LoadModels = Callable[[str], Awaitable[ModelRegistry | None]]


@dataclass
class DriveResult:
    role: str
    acted: bool  # False when the eval was not waiting for this role
    detail: dict[str, Any] = field(default_factory=dict)


async def drive(api: AgentEvalApi, eval_id: str, role: Role, settings: Settings,
                models: ModelRegistry | None = None) -> DriveResult:
    if role == "planner":
        return await _plan(api, eval_id, models)
    if role == "evaluator":
        return await _evaluate(api, eval_id, settings, models)
    if role == "analyst":
        return await _analyse(api, eval_id, models)
    raise ValueError(f"unknown driver role {role!r}")


async def _plan(api: AgentEvalApi, eval_id: str, models: ModelRegistry | None) -> DriveResult:
    eval_ = await api.get_eval(eval_id)
    if eval_["status"] != "PLANNING":
        return DriveResult("planner", False, {"status": eval_["status"]})
    model = models.get("PLANNER") if models else None
    trail = Trail.of("plan", model)
    plan = await model_plan(model, eval_, trail) if model else None
    mode = "model" if plan else "scripted"
    if plan is None:
        if model is None:
            trail.used_script("not_configured")
        plan = revised_plan(eval_, feedback_history(eval_))
    submitted = await api.submit_plan(eval_id, {**plan, "provenance": trail.as_json()})
    return DriveResult("planner", True, {"mode": mode, "revision": submitted["planRevision"],
                                         "provenance": trail.as_json()})


def feedback_history(eval_: dict[str, Any]) -> list[str]:
    """Every rejection's feedback, oldest first (the latest one included once)."""
    feedbacks = [entry["feedback"] for entry in eval_.get("planHistory") or []
                 if entry.get("feedback")]
    latest = eval_.get("planFeedback")
    if latest and (not feedbacks or feedbacks[-1] != latest):
        feedbacks.append(latest)
    return feedbacks


async def _evaluate(api: AgentEvalApi, eval_id: str, settings: Settings,
                    models: ModelRegistry | None) -> DriveResult:
    simulator = models.get("SIMULATOR") if models else None
    analyst = models.get("ANALYST") if models else None

    def make_user(persona: dict[str, Any], goal: str, expect: Expectations) -> VirtualUser:
        if simulator is None:
            return scripted_user(persona, goal, expect)
        return ModelUser(simulator, persona, goal, expect.messages[1:],
                         expect.messages[0] if expect.messages else None)

    async def make_verdict(session: dict[str, Any], turns: list[Any], expect: Expectations
                           ) -> dict[str, Any]:
        trail = Trail.of("verdict", analyst)
        verdict = await model_verdict(analyst, session, turns, expect, trail) if analyst else None
        if verdict is None:
            if analyst is None:
                trail.used_script("not_configured")
            verdict = await scripted_verdict_maker(session, turns, expect)
        return {**verdict, "provenance": {"verdict": trail.as_json()}}

    outcome = await Evaluator(api, eval_id, settings.time_scale, make_user, make_verdict).run()
    return DriveResult("evaluator", not outcome.stopped or bool(outcome.sessions_closed), {
        "sessionsClosed": len(outcome.sessions_closed), "turnsSent": outcome.turns_sent,
        "stopped": outcome.stopped, "errors": outcome.errors,
        "simulator": "model" if simulator else "scripted"})


async def _analyse(api: AgentEvalApi, eval_id: str, models: ModelRegistry | None
                   ) -> DriveResult:
    eval_ = await api.get_eval(eval_id)
    if eval_["status"] != "EXECUTING":
        return DriveResult("analyst", False, {"status": eval_["status"]})
    sessions = await api.sessions(eval_id)
    model = models.get("ANALYST") if models else None
    trail = Trail.of("report", model)
    report = await model_report(model, eval_, sessions, trail) if model else None
    mode = "model" if report else "scripted"
    if report is None:
        if model is None:
            trail.used_script("not_configured")
        report = build_report(eval_.get("plan"), sessions, language_of(eval_))
    await api.submit_report(eval_id, {**report, "provenance": trail.as_json()})
    return DriveResult("analyst", True, {"mode": mode, "findings": len(report["findings"]),
                                         "provenance": trail.as_json()})


RECENT_RESULTS = 100  # how many role results a waker keeps

class BuiltinWaker:
    """The `builtin` notifier: records AGENT_WOKEN, then drives the role in process.

    `WakeUps` already runs every `wake` as a background task (and cancels it on
    shutdown), so the role's work runs inside `wake` itself.
    """

    driver_name = "builtin"

    def __init__(self, settings: Settings, connect: ConnectApi, record: RecordWake,
                 load_models: LoadModels) -> None:
        self.settings = settings
        self.connect = connect
        self.record = record
        self.load_models = load_models
        self._api: AgentEvalApi | None = None
        # The last roles' results (tests, a debugger): bounded, the process runs for months.
        self.results: deque[DriveResult] = deque(maxlen=RECENT_RESULTS)

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        run_id = uuid.uuid4().hex
        try:
            api = self.api()
        except Exception as error:  # noqa: BLE001 - a failed wake-up is recorded, not raised
            logger.exception("the built-in driver cannot reach the API")
            await self.record(eval_id, {
                "role": role, "driver": self.driver_name, "ok": False,
                "error": f"cannot start the built-in driver: {error}"})
            return
        await self.record(eval_id, {
            "role": role, "driver": self.driver_name, "ok": True, "runId": run_id})
        await self._run(api, eval_id, role, run_id)

    def api(self) -> AgentEvalApi:
        """The in-process client, acting with the AGENT role (made on first use)."""
        if self._api is None:
            self._api = self.connect()
        return self._api

    async def _run(self, api: AgentEvalApi, eval_id: str, role: Role, run_id: str) -> None:
        models = None
        try:
            models = await self.load_models(eval_id)
            result = await drive(api, eval_id, role, self.settings, models)
            self.results.append(result)
            logger.info("built-in %s run %s for eval %s: %s", role, run_id, eval_id,
                        result.detail)
        except asyncio.CancelledError:
            raise
        except ModelFallbackRefused as refused:
            # AGENTEVAL_DRIVER_FALLBACK=fail: the role stops with the model's error, recorded
            # on the eval; the watchdog fails the eval when the role's time is up.
            logger.error("built-in %s run %s for eval %s: %s", role, run_id, eval_id, refused)
            await self.record(eval_id, {"role": role, "driver": self.driver_name, "ok": False,
                                        "runId": run_id, "error": str(refused)})
        except Exception:  # noqa: BLE001 - the watchdog notices a stalled role
            logger.exception("built-in %s run %s for eval %s failed", role, run_id, eval_id)
        finally:
            if models is not None:
                await models.aclose()
