"""The part of the composition root that static evaluation needs, and the CI gate runs alone.

`start_core` first does the process-wide set-up (log redaction, input limits, the
rules and channels of plugins), then opens, on the caller's exit stacks and in this order (closed in
reverse): [start-up lock: migrations → database] → event bus → channel factory
(with slots shared through Redis when there is one) → actor system with its
owned entities (`actors.OwnedSystem` over the database's leases) → run engine,
whose `run` entity kind is declared here.
`agenteval.bootstrap.running_services` builds the intelligent engine, the driver
and the background work on top; `running_core` is the gate's whole service, which
keeps `agenteval run` from importing any of those (~30 modules of its start-up).
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator

from actors import ActorSystem, EntityKind, OwnedSystem
from agenteval import channels as channel_types
from agenteval import plugins
from agenteval.channels import create_channel_factory
from agenteval.config import Settings
from agenteval.domain import limits
from agenteval.engine.catalog import campaigns
from agenteval.engine.catalog.configured_models import load_model_provider
from agenteval.engine.catalog.usage import check_price_setting
from agenteval.engine.services import CoreServices
from agenteval.engine.static.engine import RunEngine
from agenteval.engine.static.ports import ClosableModels
from agenteval.logs import install_redaction
from agenteval.net.shared_limiter import SharedSlots
from agenteval.rules import registry as rule_types
from agenteval.simulation.case_users import CasePlayers
from agenteval.store import database, leases
from agenteval.store.event_bus import create_event_bus
from agenteval.store.runs.database_runs import DatabaseRuns
from agenteval.store.runs.run_store import RUN_KIND
from agenteval.store.search import index_writes as search_index
from agenteval.store.usage import UsageRecorder

# An idle actor (eval, session, run) is passivated after this long; the next message
# rebuilds it from the database.
ACTOR_IDLE_TIMEOUT_S = 600.0
ACTOR_SHUTDOWN_DEADLINE_S = 10.0


async def start_core(stack: contextlib.AsyncExitStack, startup: contextlib.AsyncExitStack,
                     settings: Settings, *, migrate: bool, stored_qa: bool = True,
                     scratch: bool = False) -> CoreServices:
    """Start the core on `stack`; the start-up lock is entered on `startup`, which the
    caller closes once its own start-up singletons (admin key, demo) are done. Without
    `stored_qa` the stored QA scorecards and word libraries are not loaded (a gate whose
    scenarios name no rule that could refer to them). `scratch`: the database is this
    process's alone and dies with it (the gate's temporary one), so no other process can
    take a run over and send its cases again: a case attempt need not wait for its save."""
    configure_process(settings)
    check_price_setting(settings.model_prices)
    await startup.enter_async_context(leases.startup_lock(settings.database_url))
    if migrate:
        await database.migrate(settings.database_url)
    await database.open_database(settings.database_url)
    stack.push_async_callback(database.close_database)
    # Last before closing: what the actors' final writes queued for the search index.
    stack.push_async_callback(search_index.flush)
    if stored_qa:
        await load_stored_qa(stack)

    events = create_event_bus(settings.redis_url)
    await events.start()
    stack.push_async_callback(events.close)

    shared_slots = None
    if settings.redis_url:  # several processes: a target's maxConcurrency holds across them
        shared_slots = SharedSlots(settings.redis_url, ttl_s=settings.lease_ttl_s)
        await shared_slots.start()
        stack.push_async_callback(shared_slots.close)  # after the channels that use them
    channels = create_channel_factory(shared_slots)
    stack.push_async_callback(channels.aclose)

    actors = create_actor_system()
    owned = OwnedSystem(actors, leases.DatabaseLeases(unclaimed_after_s=settings.lease_ttl_s))
    stack.push_async_callback(owned.shutdown, ACTOR_SHUTDOWN_DEADLINE_S)
    runs = RunEngine(owned=owned, channels=channels, events=events, store=DatabaseRuns(),
                     models=run_models, users=CasePlayers(settings.simulator_reruns,
                                                              settings.simulator_review),
                     queue=campaigns.queue_run_ids, send_once=not scratch)
    owned.declare(run_kind(runs, settings))
    return CoreServices(settings=settings, events=events, channels=channels, actors=actors,
                        owned=owned, runs=runs)


async def load_stored_qa(stack: contextlib.AsyncExitStack) -> None:
    """Stored QA scorecards and word libraries, for the `scorecard` rules of the cases; they
    belong to this database, so the process forgets them with it. Imported here: the
    scorecard machinery and the QA rules are ~15 modules a gate without them never uses."""
    from agenteval.engine.catalog import scorecards as stored_scorecards

    await stored_scorecards.load_stored()
    stack.callback(stored_scorecards.forget_stored)


async def run_models(run_id: uuid.UUID) -> ClosableModels:
    """A run's models as configured now; their calls' usage is recorded under the run."""
    return await load_model_provider(usage_sink=UsageRecorder(run_id=run_id))


def configure_process(settings: Settings) -> None:
    """Process-wide set-up every entry point gets (the server, the CI gate, the demo):
    secrets redacted from every log line, the input limits of the settings, and the
    plugins' rules and channels (a broken plugin stops the start-up: PluginError)."""
    install_redaction()
    limits.configure(limits.InputLimits(message_chars=settings.max_message_chars,
                                        reply_chars=settings.max_reply_chars,
                                        cases=settings.max_cases))
    load_plugins()


def load_plugins() -> list[str]:
    """Import the rules and channels other installed packages declare as entry points
    (`agenteval.rules`, `agenteval.channels`); the `group:name` of those loaded now.

    The built-in ones are not entry points: the rule registry imports a built-in rule
    when its type is first looked up (`rules/builtin_index.py`), and importing
    `agenteval.channels` registers the channels, with the same decorators."""
    return plugins.discover({rule_types.ENTRY_POINT_GROUP: rule_types.RULES,
                             channel_types.ENTRY_POINT_GROUP: channel_types.CHANNELS})


def run_kind(runs: RunEngine, settings: Settings) -> EntityKind:
    """Static runs: owned while executing (at most `run_claim_limit` per process), by
    the holder of their lease; runs nobody executes are resumed when `resume_runs`."""
    return EntityKind.activation(
        RUN_KIND, settings.lease_ttl_s, factory=runs.actor, elsewhere=runs.answer_elsewhere,
        max_active=settings.run_claim_limit,
        take_over=runs.take_over if settings.resume_runs else None)


@contextlib.asynccontextmanager
async def running_core(settings: Settings, *, migrate: bool = True, stored_qa: bool = True,
                       scratch: bool = False) -> AsyncIterator[CoreServices]:
    """The core alone (the CI gate): no admin key, driver, watchdog or background loop."""
    async with contextlib.AsyncExitStack() as stack:
        startup = contextlib.AsyncExitStack()
        stack.push_async_callback(startup.aclose)  # on a failed start-up; else closed below
        core = await start_core(stack, startup, settings, migrate=migrate, stored_qa=stored_qa,
                                scratch=scratch)
        await startup.aclose()
        yield core


def create_actor_system() -> ActorSystem:
    """The actor runtime of the service.

    An actor that fails beyond its restart budget is forgotten (`forget_failed`), so
    the next message for its key builds it afresh; until then callers get UNAVAILABLE.
    """
    return ActorSystem(idle_timeout=ACTOR_IDLE_TIMEOUT_S, forget_failed=True)
