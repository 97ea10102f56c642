"""The driver that wakes agents (the `settings.driver` one), built for the composition root
with the ports it needs (never the engine), and the owned entity kinds it brings.

The built-in driver and openclaw's per-session wake-ups act through the GraphQL API
in process, which needs the engine the driver is built before: they get `connect`, a
lazy connection the root can only open once its services exist (the driver opens it
once the work has started, never while it is built).
"""

from __future__ import annotations

import functools
import logging
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from actors import EntityKind, OwnedSystem
from actors.delivery import still_owned
from agenteval.config import Settings
from agenteval.domain.owned_kinds import DRIVE, DRIVE_WAIT, SCHEDULES
from agenteval.engine.catalog.configured_models import load_role_models
from agenteval.engine.intelligent.wakeups import NoneNotifier, Notifier, Role, WakeUps
from agenteval.llm import ModelRegistry
from agenteval.store.evals.eval_log import record_event
from agenteval.store.event_bus import EventBus
from agenteval.store.usage import UsageRecorder

if TYPE_CHECKING:
    from agenteval.drivers.builtin.graphql import AgentEvalApi

logger = logging.getLogger("agenteval")

# (role: ADMIN, OPERATOR, AGENT, VIEWER; who, for the logs) → a client of the API in process.
Connect = Callable[[str, str], "AgentEvalApi"]


@dataclass(frozen=True)
class Driver:
    """The notifier, and the owned kinds its work is (declared by the root)."""

    notifier: Notifier
    kinds: tuple[EntityKind, ...] = ()
    closers: tuple[Callable[[], Awaitable[None]], ...] = field(default=())


def create_driver(settings: Settings, events: EventBus, owned: OwnedSystem,
                  connect: Connect | None) -> Driver:
    """The driver `settings.driver` names. `connect` is needed by `builtin`; without it
    `openclaw` wakes the evaluator once, not per session."""

    async def record_wake(eval_id: str, detail: dict[str, Any]) -> None:
        await record_event(events, eval_id, "AGENT_WOKEN", detail=detail)

    match settings.driver:
        case "none":
            return Driver(NoneNotifier())
        case "builtin":
            from agenteval.drivers.builtin.runner import BuiltinWaker

            agent = _require(connect, "the builtin driver")
            return Driver(BuiltinWaker(settings, lambda: agent("AGENT", "built-in driver"),
                                       record_wake, load_driver_models))
        case "openclaw":
            return _openclaw(settings, owned, connect, record_wake)
        case unknown:
            logger.warning("AGENTEVAL_DRIVER=%r is not a driver (none, builtin, openclaw): "
                           "agents will not be woken", unknown)
            return Driver(NoneNotifier())


def _openclaw(settings: Settings, owned: OwnedSystem, connect: Connect | None,
              record_wake: Callable[[str, dict[str, Any]], Any]) -> Driver:
    """The openclaw driver; its per-session wake-ups (read as an AGENT) are owned work of
    the `sessions` kind, taken over from dead processes by the one takeover loop."""
    from agenteval.drivers.openclaw import create_openclaw_notifier
    from agenteval.drivers.openclaw_schedules import SchedulePorts
    from agenteval.store.evals.wake_records import woken_so_far

    if connect is None:
        return Driver(create_openclaw_notifier(settings, record_wake))
    ports = SchedulePorts(claim=lambda eval_id: owned.claim_work(SCHEDULES, eval_id),
                          woken=woken_so_far, still_owned=still_owned)
    notifier = create_openclaw_notifier(settings, record_wake,
                                        lambda: connect("AGENT", "openclaw driver"), ports)
    schedules = notifier.sessions
    if schedules is None:
        return Driver(notifier)
    return Driver(notifier, (EntityKind.work(SCHEDULES, settings.lease_ttl_s,
                                             resume=schedules.resume),), (schedules.aclose,))


def drive_kinds(settings: Settings, wakeups: WakeUps, connect: Connect
                ) -> tuple[EntityKind, ...]:
    """The built-in driver's owned work: driving an eval (`drive`), and a wake-up waiting
    for a busy drive (`drive-wait`); a lapsed drive wakes the role still waiting, read
    through the API as a VIEWER (connected at the first takeover, never while built)."""
    viewer = functools.cache(lambda: connect("VIEWER", "built-in driver takeover"))

    async def waiting(eval_id: str) -> tuple[Role, int] | None:
        return await role_waiting_of(viewer())(eval_id)

    ttl_s = settings.lease_ttl_s
    return (EntityKind.work(DRIVE, ttl_s, waiting=DRIVE_WAIT, resume=wakeups.resumer(waiting)),
            EntityKind.work(DRIVE_WAIT, ttl_s))


async def builtin_start_up(connect: Connect, wakeups: WakeUps) -> None:
    """The built-in driver's start-up step: wake the roles evals wait for (read through
    the API as a VIEWER); the wake-ups are held back until the work starts, and a role
    another process drives by then is left to it."""
    from agenteval.drivers.builtin.startup import wake_waiting_roles

    await wake_waiting_roles(connect("VIEWER", "start-up"), lambda eval_id, role, revision:
                             wakeups.wake(eval_id, role, revision, unless_driven=True))


async def load_driver_models(eval_id: str) -> ModelRegistry | None:
    """The built-in driver's PLANNER / SIMULATOR / ANALYST models as configured now;
    their calls' usage is recorded under the eval."""
    from agenteval.drivers.builtin.runner import DRIVER_ROLES

    return await load_role_models(DRIVER_ROLES, UsageRecorder(eval_id=uuid.UUID(eval_id)))


def role_waiting_of(viewer: AgentEvalApi) -> Callable[[str], Awaitable[tuple[Role, int] | None]]:
    """The role an eval waits for and its plan revision, read through the API (None: none)."""
    from agenteval.drivers.builtin.process import role_waiting

    async def waiting(eval_id: str) -> tuple[Role, int] | None:
        evaluation = await viewer.get_eval(eval_id)
        role = role_waiting(evaluation)
        return None if role is None else (role, int(evaluation["planRevision"]))

    return waiting


def _require(connect: Connect | None, needed_by: str) -> Connect:
    if connect is None:
        raise ValueError(f"{needed_by} acts through the API in process: "
                         "pass running_services(in_process=…)")
    return connect
