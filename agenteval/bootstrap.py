"""The composition root: every long-lived part of the service, started and stopped in one place.

`running_services` builds them on one `AsyncExitStack`, in this order (closed
in reverse): the core (`agenteval.bootstrap_core`: [start-up lock: migrations →
database] → event bus → channel factory → actor system and owned entities →
run engine) → [admin key] → the intelligent engine → the driver that wakes
agents → [demo seeding, still under the lock] → the background work (the one
takeover loop of every owned entity kind). The owned entity kinds are declared
here and in bootstrap_core, each once: `run`, `eval` and `session` (per message),
`drive` and `drive-wait` (the built-in driver), `sessions` (openclaw's schedules),
`watchdog` and `retention` (once per interval), `webhooks` (the webhook sender, a
singleton). The server (`agenteval.app`) and the
`agenteval demo` command start through it; the CI gate (`agenteval run`) starts
the core alone.

Several processes may share one PostgreSQL database: the start-up singletons
(migrations, the first ADMIN key, the demo) run under a start-up lock, and
the background work — the takeover loop: taking over what nobody owns (runs,
drives, schedules), the watchdog, the webhook sender — is `Services.work`, which
`agenteval serve` starts only once its socket is listening (a process that
cannot serve takes no work); other callers have it started before the block.

The built-in driver and the demo act through the GraphQL API in process. This
module does not import the API (`agenteval.app`, beside it in the entry-point
layer, does), so its caller hands in `in_process` (see
`agenteval.app.in_process_api`); the CI gate, which needs neither, does not
load the API at all.
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from actors import EntityKind
from agenteval.bootstrap_core import start_core
from agenteval.config import Settings
from agenteval.engine.background import BackgroundWork
from agenteval.engine.catalog.models import endpoints_of
from agenteval.engine.catalog.retention import retention_kind
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.intelligent.session_wakeups import SCHEDULE
from agenteval.engine.intelligent.wakeups import (
    DRIVE,
    DRIVE_WAIT,
    NoneNotifier,
    Notifier,
    Role,
    WakeUps,
)
from agenteval.engine.intelligent.watchdog import watchdog_kind
from agenteval.engine.services import Services
from agenteval.llm import ModelRegistry
from agenteval.model_checks import check_models
from agenteval.store.access import api_keys
from agenteval.store.evals.eval_log import record_event
from agenteval.store.models import ModelConfig
from agenteval.store.usage import UsageRecorder

# The drivers and the demo (with the GraphQL client they act through) are imported
# where they are started: the CI gate, which starts neither, does not pay for them.
if TYPE_CHECKING:
    from agenteval.drivers.builtin.graphql import AgentEvalApi

logger = logging.getLogger("agenteval")

# A GraphQL client of the running services in the same process, acting with `role`
# (ADMIN, OPERATOR, AGENT, VIEWER) under the name given, without a stored key.
InProcessApi: TypeAlias = "Callable[[Services, str, str], AgentEvalApi]"


@contextlib.asynccontextmanager
async def running_services(settings: Settings, *, migrate: bool = True,
                           admin_key: bool = True, in_process: InProcessApi | None = None,
                           notifier: Notifier | None = None,
                           start_work: bool = True) -> AsyncIterator[Services]:
    """Start everything in order; stop it in reverse when the block ends.

    - `migrate`: apply the migrations first (tests start on migrated databases).
    - `admin_key`: make sure an ADMIN key exists (tests that use no key skip it).
    - `in_process`: how the built-in driver and the demo reach the API; needed when
      `settings.driver` is `builtin` or `settings.demo` is on.
    - `notifier`: wakes the agents instead of the driver `settings.driver` names (tests).
    - `start_work`: start `Services.work` before the block (`agenteval serve` starts it
      itself once it listens).
    The watchdog runs when `settings.watchdog_interval_s` > 0; runs nobody executes are
    claimed when `settings.resume_runs` is on.
    """
    async with contextlib.AsyncExitStack() as stack:
        startup = contextlib.AsyncExitStack()
        stack.push_async_callback(startup.aclose)  # on a failed start-up; else closed below
        core = await start_core(stack, startup, settings, migrate=migrate)
        if admin_key:
            await _ensure_admin_key(settings)
        await stack.enter_async_context(api_keys.evictions_on_revocation(core.events))

        # Wake-ups stop before the actors drain (the stack closes in reverse). Driving an
        # eval in process is owned work (the `drive` kind): one process drives it at a time.
        ttl_s = settings.lease_ttl_s
        drives = notifier is None and settings.driver == "builtin"
        wakeups = WakeUps(hold=core.owned.hold if drives else None, wait_s=min(ttl_s / 3, 1.0))
        wakeups.hold_back()
        stack.push_async_callback(wakeups.aclose)
        work = BackgroundWork(on_start=[wakeups.start])  # the wake-ups held back till then
        services = Services(
            settings=settings, events=core.events, channels=core.channels, actors=core.actors,
            owned=core.owned, runs=core.runs, work=work, check_models=check_models,
            intelligent=IntelligentEngine(settings=settings, events=core.events,
                                          actors=core.actors, owned=core.owned,
                                          channels=core.channels, wakeups=wakeups))
        core.owned.declare(services.intelligent.eval_kind())
        core.owned.declare(services.intelligent.session_kind())
        wakeups.notifier = notifier or create_notifier(services, in_process)
        schedules = getattr(wakeups.notifier, "sessions", None)  # openclaw's, when owned
        if schedules is not None and schedules.ports is not None:
            core.owned.declare(EntityKind(SCHEDULE, "work", ttl_s,
                                          take_over=schedules.take_over))
            stack.push_async_callback(schedules.aclose)

        if settings.watchdog_interval_s > 0:  # a kind: the takeover loop makes the passes
            core.owned.declare(watchdog_kind(services.intelligent))
        # Webhook deliveries from the outbox (store/notifications/outbox.py), never inside an eval's work:
        # a singleton kind, its sender closed after the takeover loop stopped it.
        core.owned.declare(_webhooks_kind(stack, settings))
        if settings.retention_days is not None:  # a kind: the takeover loop purges
            core.owned.declare(retention_kind(settings.retention_days, core.actors))
        if settings.monitoring_poll_s > 0:  # red lines, closing and judging (issue 37)
            from agenteval.engine.monitoring.windows import DropSettings
            from agenteval.engine.monitoring.worker import MonitoringWorker
            monitoring = MonitoringWorker(settings.monitoring_poll_s, DropSettings(
                settings.monitoring_window_s, settings.monitoring_drop_cooldown_s))
            work.loops.append(("monitoring", monitoring.run_forever))
        # The one takeover loop of every owned entity kind whose owner is gone.
        work.loops.append(("takeover", lambda: core.owned.take_over_forever(
            claim_interval(ttl_s))))
        if settings.driver == "builtin":
            from agenteval.drivers.builtin.startup import wake_waiting_roles

            viewer = _require(in_process, "the builtin driver")(services, "VIEWER", "start-up")
            # Held back until the work starts; a role another process drives now is left to it.
            await wake_waiting_roles(viewer, lambda eval_id, role, revision: wakeups.wake(
                eval_id, role, revision, unless_driven=True))
            if drives:
                core.owned.declare(EntityKind(DRIVE, "work", ttl_s, take_over=lambda eval_id:
                                              wakeups.take_over_drive(eval_id,
                                                                      role_waiting_of(viewer))))
                core.owned.declare(EntityKind(DRIVE_WAIT, "work", ttl_s))
        if settings.demo:
            await _seed_demo(_require(in_process, "the demo")(services, "OPERATOR", "demo setup"))
        await startup.aclose()  # the start-up singletons are done: release the lock
        stack.push_async_callback(work.stop)  # stops first: no new work while the rest drains
        if start_work:
            await work.start()
        yield services


def claim_interval(lease_ttl_s: float) -> float:
    """How often to look for work whose owner is gone: well within the lease's expiry."""
    return max(0.2, min(lease_ttl_s / 3, 5.0))


def create_notifier(services: Services, in_process: InProcessApi | None) -> Notifier:
    """The driver `settings.driver` names, given the ports it needs (never the engine)."""
    settings = services.settings

    async def record_wake(eval_id: str, detail: dict[str, Any]) -> None:
        await record_event(services.events, eval_id, "AGENT_WOKEN", detail=detail)

    match settings.driver:
        case "none":
            return NoneNotifier()
        case "builtin":
            from agenteval.drivers.builtin.runner import BuiltinWaker

            connect = _require(in_process, "the builtin driver")
            return BuiltinWaker(settings, lambda: connect(services, "AGENT", "built-in driver"),
                                record_wake, load_driver_models)
        case "openclaw":
            return _openclaw_notifier(services, in_process, record_wake)
        case unknown:
            logger.warning("AGENTEVAL_DRIVER=%r is not a driver (none, builtin, openclaw): "
                           "agents will not be woken", unknown)
            return NoneNotifier()


def _openclaw_notifier(services: Services, in_process: InProcessApi | None,
                       record_wake: Callable[[str, dict[str, Any]], Any]) -> Notifier:
    """The openclaw driver; its per-session wake-ups (read as an AGENT) are owned work of
    the `sessions` kind, taken over from dead processes by the one takeover loop."""
    from agenteval.drivers.openclaw import create_openclaw_notifier
    from agenteval.drivers.openclaw_schedules import SchedulePorts
    from agenteval.engine.intelligent import session_wakeups

    if in_process is None:
        return create_openclaw_notifier(services.settings, record_wake)
    ports = SchedulePorts(
        claim=lambda eval_id: services.owned.hold(session_wakeups.SCHEDULE, eval_id),
        woken=session_wakeups.woken_so_far)
    return create_openclaw_notifier(
        services.settings, record_wake,
        lambda: in_process(services, "AGENT", "openclaw driver"), ports)


async def load_driver_models(eval_id: str) -> ModelRegistry | None:
    """The built-in driver's PLANNER / SIMULATOR / ANALYST models as configured now;
    their calls' usage is recorded under the eval."""
    from agenteval.drivers.builtin.runner import DRIVER_ROLES

    endpoints = endpoints_of(await ModelConfig.filter(role__in=DRIVER_ROLES))
    if not endpoints:
        return None
    return ModelRegistry(endpoints, usage_sink=UsageRecorder(eval_id=uuid.UUID(eval_id)))


def _require(in_process: InProcessApi | None, needed_by: str) -> InProcessApi:
    if in_process is None:
        raise ValueError(f"{needed_by} acts through the API in process: "
                         "pass running_services(in_process=…)")
    return in_process


def role_waiting_of(viewer: AgentEvalApi) -> Callable[[str], Awaitable[tuple[Role, int] | None]]:
    """The role an eval waits for and its plan revision, read through the API (None: none)."""
    from agenteval.drivers.builtin.process import role_waiting

    async def waiting(eval_id: str) -> tuple[Role, int] | None:
        evaluation = await viewer.get_eval(eval_id)
        role = role_waiting(evaluation)
        return None if role is None else (role, int(evaluation["planRevision"]))

    return waiting


def _webhooks_kind(stack: contextlib.AsyncExitStack, settings: Settings) -> EntityKind:
    from agenteval.engine.notifications.deliverer import Deliverer, webhooks_kind

    deliverer = Deliverer(settings)
    stack.push_async_callback(deliverer.aclose)
    return webhooks_kind(deliverer, settings.lease_ttl_s)


async def _seed_demo(operator: AgentEvalApi) -> None:
    from agenteval.demo_setup import seed_demo

    seeded = await seed_demo(operator)
    if seeded is not None:
        logger.info("seeded the demo into the empty database: intelligent eval %s",
                    seeded.eval_id)


async def _ensure_admin_key(settings: Settings) -> None:
    if settings.admin_key:
        await api_keys.ensure_admin_key(settings.admin_key)
        return
    secret = await api_keys.bootstrap_admin_key()
    if secret:
        # Printed once, on the very first start: it is stored only as a hash.
        banner = "=" * 72
        print(f"\n{banner}\nFirst start: created an ADMIN API key. It is shown only once:\n\n"
              f"    {secret}\n\nSend it as the X-API-Key header (GraphiQL: Headers tab).\n"
              f"{banner}\n", flush=True)
