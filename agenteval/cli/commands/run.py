"""`agenteval run`: run scenario files (or folders of them) against a target without a server: a CI gate."""

from __future__ import annotations

import click

from agenteval.cli.common import gate_imports
from agenteval.cli.process_exit import GateFinished


@click.command("run")
@click.argument("scenarios", nargs=-1, required=True, type=click.Path())
@click.option("--target", "target", required=True,
              help="A target file (JSON/YAML with the fields of CreateTargetInput) or a stored target id.")
@click.option("--repeat", type=int, default=1, show_default=True, help="Attempts per case (pass^k).")
@click.option("--concurrency", type=int, default=8, show_default=True)
@click.option("--fail-under", type=float,
              help="Exit 1 when a scenario's pass rate is below this (0..1) "
                   "[default: 1, every case must pass; PARTIAL passes].")
@click.option("--report", type=click.Path(dir_okay=False), help="Write the Markdown report here.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False),
              help="Write the results as JSON here (docs/run-json.schema.json).")
@click.option("--junit", type=click.Path(dir_okay=False),
              help="Write JUnit XML here (one testsuite per scenario).")
@click.option("--baseline", type=click.Path(dir_okay=False),
              help="A previous --json file: print regressions, improvements and metric deltas.")
@click.option("--fail-on-regression", is_flag=True,
              help="Exit 1 when a case regressed against --baseline.")
@click.option("--models", type=click.Path(dir_okay=False),
              help="A YAML file of model endpoints per role (JUDGE, EMBEDDING, MODERATION); "
                   "otherwise AGENTEVAL_{ROLE}_MODEL / _BASE_URL / _API_KEY.")
@click.option("--cache", "cache_dir", default=".agenteval-cache", show_default=True,
              help="Folder of the model-answer cache kept between runs.")
@click.option("--no-cache", is_flag=True, help="Neither read nor write the model-answer cache.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the verdict line.")
@click.option("--verbose", "-v", is_flag=True,
              help="Also print every rule result, every turn and the passing cases.")
@click.option("--database-url", help="Keep the runs in this database (default: a temporary SQLite).")
@click.option("--scorecard", type=click.Path(dir_okay=False),
              help="A QA scorecard (YAML/JSON, docs/scorecards.md) applied to every case as a "
                   "hard rule; prints totals, grades and the worst conversations.")
def run(scenarios: tuple[str, ...], target: str, repeat: int, concurrency: int,
        fail_under: float | None, report: str | None, json_out: str | None,
        junit: str | None, baseline: str | None, fail_on_regression: bool,
        models: str | None, cache_dir: str, no_cache: bool, quiet: bool, verbose: bool,
        database_url: str | None, scorecard: str | None = None) -> None:
    """Run scenario files (or folders of them) against a target without a server: a CI gate.

    Exit codes: 0 passed, 1 a case failed (a pass rate under --fail-under when it is
    given, or a regression with --fail-on-regression), 2 bad input, 3 errors it cannot
    judge (they win over 1).
    """
    with gate_imports():
        from agenteval.cli.run_gate import run_command
        from agenteval.gate.terminal import NORMAL, QUIET, VERBOSE

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose exclude each other")
    if scorecard:
        from agenteval.cli.scorecard_option import with_scorecard
        run_command = with_scorecard(run_command, scorecard)
    code = run_command(list(scenarios), target, repeat=repeat, concurrency=concurrency,
                       fail_under=fail_under, report=report, json_out=json_out,
                       database_url=database_url, junit=junit, baseline=baseline,
                       fail_on_regression=fail_on_regression, models=models,
                       cache=None if no_cache else cache_dir,
                       verbosity=QUIET if quiet else VERBOSE if verbose else NORMAL)
    raise GateFinished(code)  # every output is written: the process may end at once
