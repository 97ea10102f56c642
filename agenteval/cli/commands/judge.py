"""`agenteval judge`: judge logged conversations offline (jsonl, openai or csv) with a rules file."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from agenteval.cli.common import gate_imports


@click.command("judge")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--rules", "rules_file", type=click.Path(dir_okay=False),
              help="YAML/JSON with a case's checks (expectation, eval_rules, rule_logic…) "
                   "applied to every conversation, or a scenario file (its cases that cannot "
                   "judge a log are skipped and named).")
@click.option("--format", "file_format", type=click.Choice(["jsonl", "openai", "csv"]),
              help="The log's format [by extension: .jsonl, .csv, otherwise openai].")
@click.option("--sample", type=int, help="Judge only this many conversations, drawn at random.")
@click.option("--seed", type=int, default=0, show_default=True, help="The --sample draw's seed.")
@click.option("--redact", "redact_names", multiple=True,
              help="Mask phone / id_number / email in every message, or drop that metadata "
                   "field; repeatable.")
@click.option("--fail-under", type=float, help="Exit 1 when the pass rate is below this (0..1) "
                   "[default: 1, every conversation must pass].")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Results as JSON.")
@click.option("--junit", type=click.Path(dir_okay=False), help="JUnit XML.")
@click.option("--report", type=click.Path(dir_okay=False), help="The Markdown report.")
@click.option("--models", type=click.Path(dir_okay=False),
              help="Model endpoints per role (as for `run --models`), for judged rules.")
@click.option("--cache", "cache_dir", default=".agenteval-cache", show_default=True)
@click.option("--no-cache", is_flag=True)
@click.option("--quiet", "-q", is_flag=True)
@click.option("--scorecard", type=click.Path(dir_okay=False),
              help="A QA scorecard (YAML/JSON, docs/scorecards.md) for every conversation, as a "
                   "hard rule; with or without --rules.")
def judge(file: str, rules_file: str | None, file_format: str | None, sample: int | None, seed: int,
          redact_names: tuple[str, ...], fail_under: float | None, json_out: str | None,
          junit: str | None, report: str | None, models: str | None, cache_dir: str,
          no_cache: bool, quiet: bool, scorecard: str | None = None) -> None:
    """Judge logged conversations offline (jsonl, openai or csv) with a rules file: the
    gate's reports over the logged replies, nothing sent to a bot; the log is streamed
    (up to 1,000,000 conversations, docs/judge.md). Exit codes as `run`: 1 when a
    conversation fails unless --fail-under lowers the bar."""
    with gate_imports():
        from agenteval.cli.judge_offline import judge_command
        from agenteval.gate.terminal import NORMAL, QUIET

    if rules_file is None and scorecard is None:
        raise click.UsageError("give --rules, --scorecard or both")
    command: Callable[..., int] = judge_command
    if scorecard:
        from agenteval.cli.scorecard_option import with_scorecard_rules
        command = with_scorecard_rules(judge_command, scorecard)
    sys.exit(command(file, rules_file, file_format, sample, seed, list(redact_names),
                           fail_under=fail_under, json_out=json_out, junit=junit,
                           report=report, models=models, cache=None if no_cache else cache_dir,
                           verbosity=QUIET if quiet else NORMAL))
