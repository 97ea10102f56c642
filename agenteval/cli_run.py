"""`agenteval run`: a CI gate that runs one scenario against one target, without a server.

The same engine as the service (campaign → RunActor) on an embedded SQLite
database in a temporary directory (or the given database). Exit codes:
0 ok, 1 pass rate below --fail-under, 2 bad input, 3 errors the run cannot
judge (target errors, rules that could not run, an engine failure).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import yaml

from actors import ActorSystem
from agenteval.api.ids import parse_id
from agenteval.bootstrap import Services
from agenteval.channels import create_channel_factory
from agenteval.config import Settings
from agenteval.domain.run_summary import RunSummaryData
from agenteval.engine.catalog import campaigns, scenarios, targets
from agenteval.engine.static.run_actor import run_topic
from agenteval.engine.static.run_store import (
    TERMINAL,
    report_markdown,
    stored_outcomes,
    stored_progress,
    summary_of,
    summary_to_json,
)
from agenteval.errors import AgentEvalError, ValidationFailed
from agenteval.store import database
from agenteval.store.event_bus import InMemoryEventBus
from agenteval.store.models import Run, Target

EXIT_OK, EXIT_BELOW_BAR, EXIT_BAD_INPUT, EXIT_ERRORS = 0, 1, 2, 3
TARGET_FIELDS = ("name", "description", "channelType", "channelConfig", "maxConcurrency")
BAR_WIDTH = 30


class BadInput(Exception):
    """Input the gate cannot use (exit code 2)."""


def run_command(scenario_file: str, target: str, repeat: int = 1, concurrency: int = 8,
                fail_under: float | None = None, report: str | None = None,
                json_out: str | None = None, database_url: str | None = None) -> int:
    """Run the gate; returns the exit code (messages on stderr, the summary on stdout)."""
    try:
        document = _read(scenario_file, "scenario file")
        if repeat < 1 or concurrency < 1:
            raise BadInput("--repeat and --concurrency must be at least 1")
        if fail_under is not None and not 0 <= fail_under <= 1:
            raise BadInput("--fail-under is a rate between 0 and 1 (e.g. 0.8)")
        target_source = _target_source(target)
        url = database_url or os.environ.get("AGENTEVAL_DATABASE_URL")
        with tempfile.TemporaryDirectory(prefix="agenteval-run-") as scratch:
            url = url or f"sqlite://{Path(scratch) / 'agenteval.db'}"
            result = asyncio.run(_gate(document, target_source, repeat, concurrency, url))
        if report:
            Path(report).write_text(result.report_markdown or "", encoding="utf-8")
        if json_out:
            Path(json_out).write_text(json.dumps(result.json_report, indent=2,
                                                 ensure_ascii=False, default=str),
                                      encoding="utf-8")
        return exit_code(result.status, result.summary, fail_under)
    except BadInput as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _read(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"cannot read the {what} {path!r}: {exc}") from None


def _describe(error: AgentEvalError) -> str:
    if isinstance(error, ValidationFailed):
        return "invalid input:\n" + "\n".join(f"  {e['path']}: {e['message']}"
                                              for e in error.errors)
    return error.message


@dataclass(frozen=True)
class GateResult:
    status: str
    summary: RunSummaryData
    report_markdown: str | None
    json_report: dict[str, Any]


def _target_source(target: str) -> dict[str, Any] | str:
    """The parsed target file, or the id of a stored target."""
    if Path(target).is_file():
        return _parse_target_file(_read(target, "target file"), target)
    try:
        uuid.UUID(target)
    except ValueError:
        raise BadInput(f"--target {target!r} is neither a file nor a target id") from None
    return target


async def _gate(document: str, target: dict[str, Any] | str, repeat: int, concurrency: int,
                url: str) -> GateResult:
    await database.migrate(url)
    await database.open_database(url)
    settings = Settings(database_url=url, demo=False, resume_runs=False)
    services = Services(settings=settings, events=InMemoryEventBus(),
                        actors=ActorSystem(idle_timeout=None), channels=create_channel_factory())
    try:
        try:
            target_row = await _target(services, target)
            scenario = await scenarios.import_scenario(document)
            campaign = await campaigns.create_campaign(f"CI gate: {scenario.name}",
                                                       str(scenario.id), [str(target_row.id)],
                                                       repeat, concurrency)
        except AgentEvalError as exc:
            raise BadInput(_describe(exc)) from None
        [run] = await campaigns.start_runs(services, campaign.id, None)
        run = await _follow(services, run.id, sys.stderr)
        summary = await summary_of(run)
        print(summary_table(run, summary))
        return GateResult(run.status, summary, await report_markdown(run),
                          await _json_report(run, summary))
    finally:
        await services.actors.shutdown(10.0)
        await services.channels.aclose()
        await database.close_database()


async def _target(services: Services, target: dict[str, Any] | str) -> Target:
    """A target from a file's fields (CreateTargetInput's), or a stored target by id."""
    if isinstance(target, str):
        return await targets.get_target(parse_id(target, "--target"))
    return await targets.create_target(
        services.channels, name=target["name"], channel_type=target["channelType"],
        channel_config=target["channelConfig"], description=target.get("description"),
        max_concurrency=target.get("maxConcurrency", 8))


def _parse_target_file(text: str, path: str) -> dict[str, Any]:
    try:
        data = yaml.safe_load(text)  # JSON is YAML too
    except yaml.YAMLError as exc:
        raise BadInput(f"target file {path!r} is neither JSON nor YAML: {exc}") from None
    if not isinstance(data, dict):
        raise BadInput(f"target file {path!r} must be an object with {', '.join(TARGET_FIELDS)}")
    problems = [f"{key}: is not a target field" for key in data if key not in TARGET_FIELDS]
    problems += [f"{key}: is required" for key in ("name", "channelType", "channelConfig")
                 if key not in data]
    if isinstance(data.get("maxConcurrency", 8), bool) or not isinstance(
            data.get("maxConcurrency", 8), int):
        problems.append("maxConcurrency: must be an integer")
    if problems:
        raise BadInput(f"target file {path!r}:\n  " + "\n  ".join(problems))
    return data


async def _follow(services: Services, run_id: uuid.UUID, out: TextIO) -> Run:
    """Draw a progress bar until the run ends; the ended Run."""
    subscription = await services.events.subscribe(run_topic(run_id))
    try:
        while True:
            progress = await stored_progress(run_id)
            assert progress is not None, "a started run is never deleted"
            out.write("\r" + progress_bar(progress))
            out.flush()
            if progress["status"] in TERMINAL:
                out.write("\n")
                return await Run.get(id=run_id)
            try:
                await subscription.get(timeout=0.5)
            except TimeoutError:
                pass
            except Exception:  # overflow: the DB read above catches up
                await subscription.close()
                subscription = await services.events.subscribe(run_topic(run_id))
    finally:
        await subscription.close()


def progress_bar(progress: dict[str, Any]) -> str:
    total, done = progress["total"], progress["done"]
    filled = BAR_WIDTH * done // total if total else BAR_WIDTH
    return (f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}  "
            f"passed {progress['passed']}  failed {progress['failed']}  "
            f"errored {progress['errored']}  {progress['status']}")


def summary_table(run: Run, summary: RunSummaryData) -> str:
    def rate(value: float | None) -> str:
        return "-" if value is None else f"{value:.1%}"

    rows = [("status", run.status), ("cases (× repeat)", str(summary.total_cases)),
            ("passed", str(summary.passed_cases)), ("pass rate", rate(summary.pass_rate)),
            ("success rate", rate(summary.success_rate)),
            ("success / partial / failure",
             f"{summary.success_count} / {summary.partial_count} / {summary.failure_count}"),
            ("errors", str(summary.error_count)), ("pass^k", rate(summary.pass_hat_k)),
            ("intent accuracy", rate(summary.intent_accuracy)),
            ("avg completion", rate(summary.avg_completion)),
            ("latency p50 / p95", f"{summary.latency_p50_ms} ms / {summary.latency_p95_ms} ms")]
    if run.error:
        rows.append(("error", run.error))
    width = max(len(name) for name, _ in rows)
    return "\n".join(f"{name.ljust(width)}  {value}" for name, value in rows)


async def _json_report(run: Run, summary: RunSummaryData) -> dict[str, Any]:
    return {
        "run": {"id": str(run.id), "status": run.status, "error": run.error},
        "summary": summary_to_json(summary),
        "outcomes": [{"caseKey": s.view["case_key"], "attempt": s.view["attempt"],
                      "passed": s.view["passed"], "successLevel": s.view["success_level"],
                      "score": s.view["score"], "error": s.view["error"]}
                     for s in await stored_outcomes(run)],
    }


def exit_code(status: str, summary: RunSummaryData, fail_under: float | None) -> int:
    """3 when the run could not judge everything, else 1 below the bar, else 0."""
    if status != "COMPLETED" or summary.error_count:
        return EXIT_ERRORS
    if fail_under is not None and summary.pass_rate < fail_under:
        return EXIT_BELOW_BAR
    return EXIT_OK
