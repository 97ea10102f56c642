"""`agenteval run`: the CI gate — scenarios against one target, without a server.

The same engine as the service (campaign → RunActor) on an embedded SQLite
database in a temporary directory (or the given database). Each scenario file
(or every scenario file of a folder) is imported first, so a bad one stops
the gate before anything runs; then each runs in turn and its failures are
explained as soon as it ends. Exit codes (docs/metrics.md): 0 passed, 1 a case
failed (under --fail-under when given) or regressed with --fail-on-regression, 2 bad
input, 3 errors the runs could not judge (gate/verdict.py decides).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from agenteval.api.ids import parse_id
from agenteval.bootstrap_core import running_core
from agenteval.cli import event_loop
from agenteval.config import Settings
from agenteval.domain.static.stored_run import RunRecord
from agenteval.engine.catalog import campaigns, scenarios, targets
from agenteval.engine.catalog.model_sources import file_models
from agenteval.engine.services import CoreServices
from agenteval.engine.static.run_actor import run_topic
from agenteval.engine.static.run_document import ScenarioResult, scenario_result
from agenteval.engine.static.run_reports import TERMINAL, stored_progress
from agenteval.errors import AgentEvalError, ValidationFailed
from agenteval.gate import judge_cache, terminal
from agenteval.gate.console import Console
from agenteval.gate.flow import GateOptions, finish, load_checked_baseline, run_scenarios
from agenteval.gate.inputs import (
    BadInput,
    may_name_stored_qa,
    model_endpoints,
    read_text,
    scenario_files,
    target_source,
)
from agenteval.gate.verdict import EXIT_BAD_INPUT
from agenteval.plugins import PluginError
from agenteval.store.models import Target


@dataclass(frozen=True)
class ImportedScenario:
    """An imported scenario file, as the gate's header names it."""

    id: uuid.UUID
    name: str
    case_count: int


JUDGE_HINT = ("a JUDGE model for the gate comes from AGENTEVAL_JUDGE_MODEL (with "
              "AGENTEVAL_JUDGE_BASE_URL, AGENTEVAL_JUDGE_API_KEY) or --models FILE")
SIMULATOR_HINT = ("a SIMULATOR model for the gate comes from AGENTEVAL_SIMULATOR_MODEL (with "
                  "AGENTEVAL_SIMULATOR_BASE_URL, AGENTEVAL_SIMULATOR_API_KEY) or --models FILE")


def run_command(scenario_paths: Sequence[str] | str, target: str, repeat: int = 1,
                concurrency: int = 8, fail_under: float | None = None,
                report: str | None = None, json_out: str | None = None,
                database_url: str | None = None, *, junit: str | None = None,
                baseline: str | None = None, fail_on_regression: bool = False,
                models: str | None = None, cache: str | None = None,
                verbosity: int = terminal.NORMAL,
                channel_types: Sequence[tuple[str, str, dict, Any]] = (),
                shown_as: Mapping[str, str] | None = None) -> int:
    """Run the gate; the exit code. Results on stdout, progress and errors on stderr.

    `shown_as` maps a scenario path to the file the user gave, named instead of it in the
    header, errors and outputs (`--scorecard` runs copies that carry its rule).
    """
    out, err = Console(sys.stdout), Console(sys.stderr)
    paths = [scenario_paths] if isinstance(scenario_paths, str) else list(scenario_paths)
    options = GateOptions(fail_under=fail_under, report=report, json_out=json_out, junit=junit,
                          baseline=baseline, fail_on_regression=fail_on_regression,
                          verbosity=verbosity)
    try:
        if repeat < 1 or concurrency < 1:
            raise BadInput("--repeat and --concurrency must be at least 1")
        named = shown_as or {}
        documents = [(Path(named.get(str(path), str(path))), read_text(path, "scenario file"))
                     for path in scenario_files(paths)]
        baseline_entries = load_checked_baseline(options)
        target_row_source = target_source(target)
        results = gate_results(documents, target_row_source, repeat, concurrency, models,
                               database_url, cache, options, out, err, channel_types)
        return finish(results, options, out, baseline_entries)
    except (BadInput, PluginError) as exc:  # a broken plugin: the gate's set-up is bad input
        err.print(f"error: {exc}")
        return EXIT_BAD_INPUT


def gate_results(documents: list[tuple[Path, str]], target: dict[str, Any] | str, repeat: int,
                 concurrency: int, models: str | None, database_url: str | None,
                 cache: str | None, options: GateOptions, out: Console,
                 err: Console, channel_types: Sequence[tuple[str, str, dict, Any]] = ()
                 ) -> list[ScenarioResult]:
    """Run read scenario documents on the gate's engine; each scenario's result.

    Raises BadInput for a bad scenario, target or models file. `agenteval redteam`
    runs its generated scenario through here too.
    """
    endpoints = model_endpoints(models)
    url = database_url or os.environ.get("AGENTEVAL_DATABASE_URL")
    with tempfile.TemporaryDirectory(prefix="agenteval-run-") as scratch, \
            file_models(endpoints):
        # The temporary database is this process's alone: no server can take its runs over.
        own = not url
        url = url or f"sqlite://{Path(scratch) / 'agenteval.db'}"
        return event_loop.run(_gate(documents, target, repeat, concurrency, url, cache, options,
                                 out, err, channel_types, scratch=own))


def describe_error(what: str, error: AgentEvalError) -> str:
    if isinstance(error, ValidationFailed):
        text = f"invalid {what}:\n" + "\n".join(
            f"  {e['path']}: {e['message']}" for e in error.errors)
        if any("needs a JUDGE model" in e["message"] for e in error.errors):
            text += f"\n  hint: {JUDGE_HINT}"
        if any("needs a SIMULATOR model" in e["message"] for e in error.errors):
            text += f"\n  hint: {SIMULATOR_HINT}"
        return text
    return f"{what}: {error.message}"


async def _gate(documents: list[tuple[Path, str]], target: dict[str, Any] | str, repeat: int,
                concurrency: int, url: str, cache: str | None, options: GateOptions,
                out: Console, err: Console,
                channel_types: Sequence[tuple[str, str, dict, Any]] = (), *,
                scratch: bool = False) -> list[ScenarioResult]:
    # The static system alone: no admin key, intelligent engine, driver, demo or
    # background work (resumed runs, watchdog, webhooks); the environment's other
    # settings (input limits, prices) hold as for the server.
    settings = Settings.from_env().with_overrides(
        database_url=url, driver="none", demo=False, resume_runs=False, watchdog_interval_s=0)
    stored_qa = may_name_stored_qa([text for _, text in documents])
    async with running_core(settings, stored_qa=stored_qa, scratch=scratch) as services:
        for channel_type in channel_types:
            services.channels.register(*channel_type)
        target_row = await _target(services, target)
        # Only what the header needs is kept: the cases stay in the database (a
        # 2,000-case scenario's documents are tens of MB once decoded).
        imported = {path: await _import(path, text) for path, text in documents}
        if cache:
            await judge_cache.load_into_database(cache)

        async def run_one(path: Path, console: Console) -> ScenarioResult:
            scenario = imported[path]
            if options.verbosity != terminal.QUIET:
                console.print(terminal.header(scenario.name, str(path), target_row.name,
                                              scenario.case_count, repeat, concurrency) + "\n")
            # Only the id is kept: the campaign holds its scenario with every case decoded.
            campaign_id = (await campaigns.create_campaign(
                f"CI gate: {scenario.name}", str(scenario.id), [str(target_row.id)], repeat,
                concurrency)).id
            started = time.monotonic()
            # Likewise only the run's id: the started Run carries the snapshot of every case.
            [run_id] = [run.id for run in await services.runs.start_campaign(campaign_id, None)]
            run = await follow_run(services, run_id,
                                terminal.progress_display(err, options.verbosity),
                                queued=lambda: services.channels.queued(str(target_row.id)))
            result = await scenario_result(
                run, str(path), prices=settings.model_prices, with_report=bool(options.report),
                # --baseline compares the judges of every case, successes included
                details_of_successes=bool(options.json_out or options.junit or options.baseline))
            return replace(result, duration_s=round(time.monotonic() - started, 3))

        results = await run_scenarios([path for path, _ in documents], run_one, out, options)
        if cache:
            await judge_cache.save_from_database(cache)
        return results


async def _import(path: Path, text: str) -> ImportedScenario:
    try:
        scenario = await scenarios.import_scenario(text)
    except AgentEvalError as exc:
        raise BadInput(describe_error(f"scenario {str(path)!r}", exc)) from None
    return ImportedScenario(scenario.id, scenario.name, len(scenario.cases))


async def _target(services: CoreServices, target: dict[str, Any] | str) -> Target:
    """A target from a file's fields (CreateTargetInput's), or a stored target by id."""
    try:
        if isinstance(target, str):
            return await targets.get_target(parse_id(target, "--target"))
        return await targets.create_target(
            services.channels, name=target["name"], channel_type=target["channelType"],
            channel_config=target["channelConfig"], description=target.get("description"),
            max_concurrency=target.get("maxConcurrency", 8))
    except AgentEvalError as exc:
        raise BadInput(describe_error("target (--target)", exc)) from None


async def follow_run(services: CoreServices, run_id: uuid.UUID,
                  display: terminal.ProgressDisplay,
                  queued: Callable[[], int] = lambda: 0) -> RunRecord:
    """Show the run's progress until it ends; the ended run, as its store hands it out.

    The run publishes the same progress it stores (a terminal status only once the
    summary is stored), so the events are shown as they come; the database is read
    at the start, when no event came for a while and after an overflow.
    """
    subscription = await services.events.subscribe(run_topic(run_id))
    try:
        progress = await stored_progress(run_id)  # after subscribing: nothing is missed
        while True:
            assert progress is not None, "a started run is never deleted"
            # Attempts waiting for the target's concurrency slot (a slow single-slot
            # server): said, so a quiet progress line is not mistaken for a hang.
            display.update({**progress, "queued": queued()})
            if progress["status"] in TERMINAL:
                return await services.runs.store.run(run_id)
            try:
                progress = await subscription.get(timeout=0.5)
                if "status" not in progress:
                    progress = await stored_progress(run_id)
            except TimeoutError:
                progress = await stored_progress(run_id)
            except Exception:  # overflow: the DB read catches up
                await subscription.close()
                subscription = await services.events.subscribe(run_topic(run_id))
                progress = await stored_progress(run_id)
    finally:
        display.close()
        await subscription.close()
