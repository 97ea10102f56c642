"""The composition root: every long-lived part of the service, started and stopped in one place.

`running_services` builds them on one `AsyncExitStack`, each with its collaborators as
constructor arguments, in this order (closed in reverse): the core
(`agenteval.bootstrap_core`: [start-up lock: migrations → database] → event bus →
channel factory → actor system and owned entities → run engine) → [admin key] → the
driver that wakes agents → its wake-ups (held back until the work starts) → the
intelligent engine → every owned kind declared → the background work (the one takeover
loop of every owned kind, monitoring's worker) → the services → [the built-in driver's
start-up step, the demo seeding: still under the lock]. It reads nothing itself: what a
part needs at start-up that part reads (the built-in driver the evals waiting for a role,
through the API; the key store whether an ADMIN key exists). The one cycle — the driver
and the demo act through the API, which serves the services built last — is a lazy
connection, opened only once the services exist.
The owned entity kinds are declared
here and in bootstrap_core, each once: `run`, `eval` and `session` (per message),
`drive` and `drive-wait` (the built-in driver), `sessions` (openclaw's schedules),
`watchdog` and `retention` (once per interval), `webhooks` (the webhook sender, a
singleton), `alignment` (an alignJudge attempt judged in the background). The server (`agenteval.app`) and the
`agenteval demo` command start through it; the CI gate (`agenteval run`) starts
the core alone.

Several processes may share one PostgreSQL database: the start-up singletons
(migrations, the first ADMIN key, the demo) run under a start-up lock, and
the background work — the takeover loop: taking over what nobody owns (runs,
drives, schedules, alignment attempts), the watchdog, the webhook sender — is `Services.work`, which
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
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeAlias

from actors import ActorSystem, EntityKind
from agenteval.bootstrap_core import start_core
from agenteval.bootstrap_driver import (
    Driver,
    builtin_start_up,
    create_driver,
    drive_kinds,
    load_driver_models,
    role_waiting_of,
)
from agenteval.config import Settings
from agenteval.engine.alignment.background import alignment_kind, stop_all
from agenteval.engine.background import BackgroundWork
from agenteval.engine.catalog.retention import retention_kind
from agenteval.engine.intelligent.engine import IntelligentEngine
from agenteval.engine.intelligent.wakeups import Notifier, WakeUps
from agenteval.engine.intelligent.watchdog import watchdog_kind
from agenteval.engine.services import Services
from agenteval.model_checks import check_models
from agenteval.store.access import api_keys
from agenteval.store.evals.database_evals import DatabaseEvals
from agenteval.store.search import catch_up as search_catch_up
from agenteval.store.search import index_writes as search_index
from agenteval.store.sessions.database_sessions import DatabaseSessions

# The drivers and the demo (with the GraphQL client they act through) are imported
# where they are started: the CI gate, which starts neither, does not pay for them.
if TYPE_CHECKING:
    from agenteval.drivers.builtin.graphql import AgentEvalApi

__all__ = ["InProcessApi", "claim_interval", "load_driver_models", "role_waiting_of",
           "running_services"]

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
        search_index.enable()  # the server's writes are searchable (the CI gate's are not)
        stack.callback(search_index.disable)
        if admin_key:
            _show_first_admin_key(await api_keys.provision_admin_key(settings.admin_key))
        await stack.enter_async_context(api_keys.evictions_on_revocation(core.events))
        owned, ttl_s = core.owned, settings.lease_ttl_s

        # The one cycle: the driver and the demo talk to the API, which serves the
        # `services` built last. Their connection is opened lazily (once the work has
        # started, or by the demo below), when `services` is bound.
        def connect(role: str, who: str) -> AgentEvalApi:
            return _require(in_process, "the builtin driver")(services, role, who)

        driver = Driver(notifier) if notifier is not None else create_driver(
            settings, core.events, owned, None if in_process is None else connect)
        drives = notifier is None and settings.driver == "builtin"
        # Wake-ups stop before the actors drain (the stack closes in reverse); held back
        # until the work starts. Driving an eval in process is owned work (`drive`).
        wakeups = WakeUps(driver.notifier, owned if drives else None,
                          wait_s=min(ttl_s / 3, 1.0), held_back=True)
        stack.push_async_callback(wakeups.aclose)
        for close in driver.closers:
            stack.push_async_callback(close)
        sessions = DatabaseSessions(owned.leases.owner)  # its turns claimed as the runtime's
        intelligent = IntelligentEngine(
            settings=settings, events=core.events, actors=core.actors, owned=owned,
            channels=core.channels, wakeups=wakeups, sessions=sessions, evals=DatabaseEvals())
        for kind in (intelligent.eval_kind(), intelligent.session_kind(sessions.open_turn),
                     *driver.kinds, *(drive_kinds(settings, wakeups, connect) if drives else ()),
                     alignment_kind(ttl_s),
                     *_interval_and_singleton_kinds(stack, settings, intelligent, core.actors)):
            owned.declare(kind)
        # The one takeover loop of every owned entity kind whose owner is gone, and
        # monitoring's worker (red lines, closing and judging: issue 37).
        work = BackgroundWork(
            loops=[("takeover", lambda: owned.take_over_forever(claim_interval(ttl_s))),
                   (search_catch_up.TASK_NAME, search_catch_up.catch_up_once),  # ends when done
                   *_monitoring_loops(settings)],
            on_start=[wakeups.start])  # the wake-ups held back till then
        services = Services(
            settings=settings, events=core.events, channels=core.channels, actors=core.actors,
            owned=owned, runs=core.runs, work=work, check_models=check_models,
            intelligent=intelligent)
        if settings.driver == "builtin":  # its start-up step, before the demo adds evals
            await builtin_start_up(connect, wakeups)
        if settings.demo:
            await _seed_demo(_require(in_process, "the demo")(services, "OPERATOR", "demo setup"))
        await startup.aclose()  # the start-up singletons are done: release the lock
        stack.push_async_callback(stop_all, owned)  # alignJudge's attempts, before the database
        stack.push_async_callback(work.stop)  # stops first: no new work while the rest drains
        if start_work:
            await work.start()
        yield services


def _interval_and_singleton_kinds(stack: contextlib.AsyncExitStack, settings: Settings,
                                   intelligent: IntelligentEngine, actors: ActorSystem
                                   ) -> list[EntityKind]:
    """The watchdog and retention (interval kinds) and the webhook sender (a singleton)."""
    kinds = []
    if settings.watchdog_interval_s > 0:  # a kind: the takeover loop makes the passes
        kinds.append(watchdog_kind(intelligent))
    # Webhook deliveries from the outbox (store/notifications/outbox.py), never inside an
    # eval's work: a singleton kind, its sender closed after the takeover loop stopped it.
    kinds.append(_webhooks_kind(stack, settings))
    if settings.retention_days is not None:  # a kind: the takeover loop purges
        kinds.append(retention_kind(settings.retention_days, actors))
    return kinds


def _monitoring_loops(settings: Settings) -> list[tuple[str, Callable[[], Coroutine[Any, Any, None]]]]:
    """Monitoring's worker, unless this process is told not to run it (poll 0)."""
    if settings.monitoring_poll_s <= 0:
        return []
    from agenteval.engine.monitoring.windows import DropSettings
    from agenteval.engine.monitoring.worker import MonitoringWorker

    worker = MonitoringWorker(settings.monitoring_poll_s, DropSettings(
        settings.monitoring_window_s, settings.monitoring_drop_cooldown_s))
    return [("monitoring", worker.run_forever)]


def claim_interval(lease_ttl_s: float) -> float:
    """How often to look for work whose owner is gone: well within the lease's expiry."""
    return max(0.2, min(lease_ttl_s / 3, 5.0))


def _require(in_process: InProcessApi | None, needed_by: str) -> InProcessApi:
    if in_process is None:
        raise ValueError(f"{needed_by} acts through the API in process: "
                         "pass running_services(in_process=…)")
    return in_process


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


def _show_first_admin_key(secret: str | None) -> None:
    """Printed once, on the very first start: the key is stored only as a hash."""
    if secret:
        banner = "=" * 72
        print(f"\n{banner}\nFirst start: created an ADMIN API key. It is shown only once:\n\n"
              f"    {secret}\n\nSend it as the X-API-Key header (GraphiQL: Headers tab).\n"
              f"{banner}\n", flush=True)
