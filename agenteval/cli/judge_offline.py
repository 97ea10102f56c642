"""`agenteval judge FILE --rules RULES_FILE`: logged conversations judged offline.

The server's offline runs, on the gate's embedded engine: the log is read with the
readers `importConversations` uses (agenteval/domain/logs/conversation_logs.py), each
conversation becomes a case through engine/catalog/offline_templates.py, and the cases
run as offline runs whose attempts read the logged replies — text, raw JSON, tool calls,
latency — instead of calling a channel (engine/static/offline_attempt.py). So the CLI
and the server give the same verdicts, and the summary, Failures section, Markdown,
JSON and JUnit reports are the gate's.

The log is streamed: read once to check and count it (cli/judge_log_file.py), then again
`CHUNK` conversations at a time, each chunk one offline run whose part of the files is
written as it ends (cli/judge_outputs.py), so memory holds one chunk.
`--rules` takes a rules file (a case's checks) or a scenario file, whose cases that
cannot judge a log are skipped and named.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from agenteval.bootstrap_core import running_core
from agenteval.cli import judge_log_file
from agenteval.cli.judge_outputs import ChunkedOutputs
from agenteval.cli.run_gate import describe_error, follow_run
from agenteval.config import Settings
from agenteval.domain.logs.conversation_logs import format_of, sample_positions
from agenteval.domain.logs.log_redaction import redact_dialog
from agenteval.engine.catalog import offline_runs
from agenteval.engine.catalog.configured_models import judge_configured
from agenteval.engine.catalog.deletion import delete_run
from agenteval.engine.catalog.model_sources import file_models
from agenteval.engine.catalog.offline_templates import (
    OfflineTemplate,
    dialog_case,
    revalidate_judged,
    template_from_rules,
    template_from_scenario,
)
from agenteval.engine.services import CoreServices
from agenteval.engine.static.run_document import ScenarioResult, scenario_result
from agenteval.errors import AgentEvalError
from agenteval.gate import judge_cache, terminal
from agenteval.gate.console import Console
from agenteval.gate.flow import GateOptions, load_checked_baseline
from agenteval.gate.inputs import BadInput, model_endpoints, read_text
from agenteval.gate.verdict import EXIT_BAD_INPUT, decide
from agenteval.store.catalog import scenarios
from agenteval.store.catalog.scenarios import Scenario
from agenteval.yaml_loader import YamlError, load_yaml

CHUNK = 2_000  # conversations per offline run: what memory holds at a time
RULE_FIELDS = ("name", "expectation", "eval_rules", "rule_logic", "rule_pass_threshold",
               "success_threshold", "partial_threshold", "tags", "turn_checks")


@dataclass(frozen=True)
class JudgeInput:
    """What to judge: the log, its format, the survey of it and the rules file."""

    file: str
    file_format: str
    survey: judge_log_file.Survey
    rules_text: str
    rules_file: str
    chosen: set[int] | None  # positions sampled; None: every conversation
    redact_names: list[str]


def read_rules(text: str, path: str) -> dict[str, Any]:
    """The rules file: a case's checks, or a scenario (an object with `cases`)."""
    try:
        data = load_yaml(text, source=path)
    except YamlError as exc:
        raise BadInput(f"cannot read the rules file {path!r}: {exc}") from None
    if not isinstance(data, dict):
        raise BadInput(f"rules file {path!r}: an object with {', '.join(RULE_FIELDS)}, "
                       "or a scenario (with cases)")
    return data


def judge_command(file: str, rules_file: str, file_format: str | None, sample: int | None,
                  seed: int, redact_names: list[str], *, fail_under: float | None,
                  json_out: str | None, junit: str | None, report: str | None,
                  models: str | None, cache: str | None, verbosity: int) -> int:
    out, err = Console(sys.stdout), Console(sys.stderr)
    options = GateOptions(fail_under=fail_under, report=report, json_out=json_out, junit=junit,
                          verbosity=verbosity)
    try:
        load_checked_baseline(options)
        if sample is not None and sample < 1:
            raise BadInput("--sample must be at least 1")
        rules_text = read_text(rules_file, "rules file")
        read_rules(rules_text, rules_file)
        chosen_format = file_format or format_of(file)
        survey = judge_log_file.survey(file, chosen_format)
        endpoints = model_endpoints(models)
        chosen = sample_positions(survey.total, sample, seed)
        err.print(f"offline: {len(chosen) if chosen is not None else survey.total} of "
                  f"{survey.total} logged conversations from {file} ({chosen_format})"
                  + (f", sampled with seed {seed}" if chosen is not None else "")
                  + "; nothing is sent to a bot")
        for reason, count in sorted(survey.skipped.items()):
            err.print(f"  not judged: {count} × {reason}")
        judged = JudgeInput(file, chosen_format, survey, rules_text, rules_file, chosen,
                            redact_names)
        with tempfile.TemporaryDirectory(prefix="agenteval-judge-") as scratch, \
                file_models(endpoints):
            kept = os.environ.get("AGENTEVAL_DATABASE_URL")  # the runs stay there
            url = kept or f"sqlite://{Path(scratch) / 'agenteval.db'}"
            results = asyncio.run(_judge(judged, url, cache, options, out, err,
                                         Path(scratch), keep_runs=bool(kept)))
    except BadInput as exc:
        err.print(f"error: {exc}")
        return EXIT_BAD_INPUT
    return _finish(results, options, out)


async def _template(judged: JudgeInput) -> tuple[Scenario, OfflineTemplate]:
    """The checks (validated as the server validates them) and the scenario the runs name."""
    data = read_rules(judged.rules_text, judged.rules_file)
    latencies, judge = judged.survey.has_latencies, await judge_configured()
    source = Path(judged.file).name
    try:
        if "cases" in data:
            from agenteval.domain.static.scenario_document import (
                case_to_document,
                parse_scenario_document,
            )
            from agenteval.rules import RULE_CATALOG

            # Checked for models only where the log is judged (as judgeConversations does):
            # a skipped case needs neither a SIMULATOR nor a JUDGE model.
            document = parse_scenario_document(judged.rules_text, RULE_CATALOG, True,
                                               simulator_configured=True)
            cases = [case_to_document(case) for case in document.cases]
            template = template_from_scenario(cases, latencies, path="cases")
            revalidate_judged(cases, template, judge, path="cases")
            name = document.name
        else:
            checks = {k: v for k, v in data.items() if k != "name"}
            template = template_from_rules(checks, judge, latencies)
            cases = [template.checks]
            name = str(data.get("name") or f"Offline: {source}")
    except AgentEvalError as exc:
        raise BadInput(describe_error(f"rules file {judged.rules_file!r}", exc)) from None
    scenario = await scenarios.create(
        name[:200],
        f"Logged conversations from {source}, judged offline (agenteval judge): "
        "the replies are the logged ones.", cases)
    return scenario, template


async def _judge(judged: JudgeInput, url: str, cache: str | None, options: GateOptions,
                 out: Console, err: Console, scratch: Path, *, keep_runs: bool
                 ) -> list[ScenarioResult]:
    settings = Settings.from_env().with_overrides(
        database_url=url, driver="none", demo=False, resume_runs=False, watchdog_interval_s=0)
    async with running_core(settings) as services:
        scenario, template = await _template(judged)
        for skipped in template.skipped:
            err.print(f"  not judged: scenario case {skipped['caseKey']}: {skipped['reason']}")
        if cache:
            await judge_cache.load_into_database(cache)
        count = len(judged.chosen) if judged.chosen is not None else judged.survey.total
        if options.verbosity != terminal.QUIET:
            out.print(terminal.header(scenario.name, judged.file, offline_runs.OFFLINE_TARGET_NAME,
                                      count, 1, 8) + "\n")
        results, redacted, first = [], dict.fromkeys(judged.redact_names, 0), 1
        files = ChunkedOutputs(options, scratch)
        several = count > CHUNK
        for batch in judge_log_file.chunks(judged.file, judged.file_format, judged.chosen,
                                           CHUNK):
            cases = [dialog_case(redact_dialog(d, judged.redact_names, redacted).document(),
                                 template.checks) for d in batch]
            part = f" (conversations {first:,}–{first + len(cases) - 1:,})" if several else ""
            result = await _run_chunk(services, scenario, cases, template,
                                      scenario.name + part, settings, options, judged.file,
                                      keep_runs)
            first += len(cases)
            block = terminal.scenario_block(result, options.verbosity)
            if block:
                out.print(block)
                out.print()
            files.add(result)
            # Written: only the summary is kept, so memory holds one chunk at a time.
            results.append(replace(result, attempts=[], report_markdown=None))
        files.close()
        for name, masked in redacted.items():
            err.print(f"  redacted: {name} ({masked})")
        if cache:
            await judge_cache.save_from_database(cache)
        return results


async def _run_chunk(services: CoreServices, scenario: Scenario, cases: list[dict[str, Any]],
                     template: OfflineTemplate, name: str, settings: Settings,
                     options: GateOptions, source: str, keep_run: bool) -> ScenarioResult:
    started = time.monotonic()
    queued = await offline_runs.queue_offline_run(scenario, cases, name, template.skipped)
    del cases  # the run holds them now
    await services.runs.start(queued.id, None)
    run = await follow_run(services, queued.id,
                           terminal.progress_display(Console(sys.stderr), options.verbosity))
    result = await scenario_result(run, source, prices=settings.model_prices,
                                   with_report=bool(options.report),
                                   details_of_successes=bool(options.json_out or options.junit))
    if not keep_run:  # read: the scratch database need not grow with the log either
        await delete_run(queued.id, services.actors)
    return replace(result, scenario_name=name, duration_s=round(time.monotonic() - started, 3))


def _finish(results: Sequence[ScenarioResult], options: GateOptions, out: Console) -> int:
    """Combined summary (several chunks), the verdict on all conversations."""
    if options.verbosity != terminal.QUIET and len(results) > 1:
        out.print(terminal.combined_summary(results))
        out.print()
    verdict = decide([_pooled(results)], options.fail_under)
    out.print(verdict.line)
    return verdict.code


def _pooled(results: Sequence[ScenarioResult]) -> ScenarioResult:
    """The chunks' runs as one result for the verdict: one log, one pass rate."""
    first = results[0]
    if len(results) == 1:
        return first
    total = sum(r.summary.total_cases for r in results)
    passed = sum(r.summary.passed_cases for r in results)
    unfinished = next((r for r in results if r.status != "COMPLETED"), first)
    summary = replace(first.summary, total_cases=total, passed_cases=passed,
                      pass_rate=passed / total if total else 0.0,
                      error_count=sum(r.summary.error_count for r in results))
    return replace(first, summary=summary, status=unfinished.status, error=unfinished.error)
