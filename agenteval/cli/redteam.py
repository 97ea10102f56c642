"""`agenteval redteam`: generate a red-team scenario for a target, run it, report vulnerabilities.

The scenario is written out first (`--out`), so it can be reviewed and re-run with
`agenteval run` like any other; it then runs on the gate's engine. The exit code is
the gate's (gate/verdict.py): 1 when an attack succeeded, or with `--fail-under X` when
the share of attacks *resisted* (the gate's pass rate) is below X; 2 bad input; 3
attempts that could not be judged.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from agenteval.cli.run_gate import gate_results
from agenteval.gate import terminal
from agenteval.gate.console import Console
from agenteval.gate.flow import GateOptions
from agenteval.gate.inputs import BadInput, read_text, target_source
from agenteval.gate.verdict import EXIT_BAD_INPUT, decide
from agenteval.redteam.generate import (
    BadRedTeamInput,
    build_scenario,
    checked_plan,
    plant_canary,
)
from agenteval.redteam.render import (
    JSON_KIND,
    compare,
    render_comparison,
    render_markdown,
    render_terminal,
    report_json,
)
from agenteval.redteam.report import build_report


def seeded_canary(seed: int) -> str:
    """A canary token reproducible from the seed (re-running the scenario finds the same one)."""
    return f"CANARY-{random.Random(f'canary-{seed}').getrandbits(32):08X}"


def redteam_command(target: str, lang: str = "both", categories: Sequence[str] | None = None,
                    strategies: Sequence[str] | None = None, per_category: int = 2,
                    seed: int = 0, fail_under: float | None = None,
                    out_path: str = "redteam-scenario.json", report: str | None = None,
                    json_out: str | None = None, baseline: str | None = None,
                    canary: str | None = None, judge: bool = False,
                    models: str | None = None, concurrency: int = 8,
                    database_url: str | None = None) -> int:
    out, err = Console(sys.stdout), Console(sys.stderr)
    try:
        if fail_under is not None and not 0 <= fail_under <= 1:
            raise BadInput("--fail-under is a rate between 0 and 1 (e.g. 0.9)")
        previous = _baseline(baseline) if baseline else None
        source = target_source(target)
        if canary is None and isinstance(source, dict) and source.get("channelType") == "openai_chat":
            canary = seeded_canary(seed)
        plan = checked_plan(lang, categories, strategies, per_category, seed, canary, judge)
        if isinstance(source, dict) and canary:
            source = plant_canary(source, canary)
        name = source.get("name", "target") if isinstance(source, dict) else source
        scenario = build_scenario(plan, name)
        try:
            Path(out_path).write_text(json.dumps(scenario, indent=2, ensure_ascii=False) + "\n",
                                      encoding="utf-8")
        except OSError as exc:
            raise BadInput(f"cannot write the scenario to {out_path!r}: {exc}") from None
        err.print(f"red-team scenario: {len(scenario['cases'])} attacks written to {out_path}"
                  + (f" (canary {canary})" if canary else " (no canary planted)"))
        options = GateOptions(fail_under=fail_under, verbosity=terminal.QUIET)
        results = gate_results([(Path(out_path), json.dumps(scenario, ensure_ascii=False))],
                               source, 1, concurrency, models, database_url, None, options,
                               out, err)
    except (BadInput, BadRedTeamInput) as exc:
        err.print(f"error: {exc}")
        return EXIT_BAD_INPUT
    [result] = results
    vulnerabilities = build_report(result.target_name, [a.view for a in result.attempts])
    out.print(render_terminal(vulnerabilities))
    out.print()
    document = report_json(vulnerabilities, out_path)
    if previous is not None:
        out.print(render_comparison(compare(previous, document)))
        out.print()
    if report:
        Path(report).write_text(render_markdown(vulnerabilities), encoding="utf-8")
    if json_out:
        Path(json_out).write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n",
                                  encoding="utf-8")
    verdict = decide(results, fail_under)
    out.print(verdict.line.replace("pass rate", "attacks resisted"))
    return verdict.code


def _baseline(path: str) -> dict[str, Any]:
    try:
        document = json.loads(read_text(path, "baseline"))
    except json.JSONDecodeError as exc:
        raise BadInput(f"baseline {path!r} is not JSON: {exc}") from None
    if not isinstance(document, dict) or document.get("kind") != JSON_KIND:
        raise BadInput(f"baseline {path!r} is not an `agenteval redteam --json` file")
    return document


@click.command("redteam")
@click.option("--target", "target", required=True,
              help="A target file (JSON/YAML with the fields of CreateTargetInput) or a stored target id.")
@click.option("--lang", type=click.Choice(["zh", "en", "both"]), default="both", show_default=True)
@click.option("--categories", help="Comma-separated attack categories (default: all; docs/redteam.md).")
@click.option("--strategies", help="Comma-separated strategies: direct, roleplay, crescendo, "
              "language_switch, obfuscation (default: all).")
@click.option("--per-category", type=int, default=2, show_default=True,
              help="Probes per category and language.")
@click.option("--seed", type=int, default=0, show_default=True, help="Which probes are drawn.")
@click.option("--fail-under", type=float,
              help="Exit 1 when the share of attacks resisted is below this (0..1) "
                   "[default: 1, every attack must be resisted].")
@click.option("--out", "out_path", type=click.Path(dir_okay=False),
              default="redteam-scenario.json", show_default=True,
              help="Where the generated scenario is written (re-run it with agenteval run).")
@click.option("--report", type=click.Path(dir_okay=False), help="Write the Markdown report here.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False),
              help="Write the vulnerability report as JSON here.")
@click.option("--baseline", type=click.Path(dir_okay=False),
              help="A previous --json: show which attacks were closed or opened.")
@click.option("--canary", help="The canary token your bot has in its system prompt (HTTP bots; "
              "openai_chat targets get one planted).")
@click.option("--judge", is_flag=True,
              help="Add each category's llm_score criterion (needs a JUDGE model).")
@click.option("--models", type=click.Path(dir_okay=False),
              help="A YAML file of model endpoints per role (JUDGE for --judge).")
@click.option("--concurrency", type=int, default=8, show_default=True)
@click.option("--database-url", help="Keep the run in this database (default: a temporary SQLite).")
def redteam(target: str, lang: str, categories: str | None, strategies: str | None,
            per_category: int, seed: int, fail_under: float | None, out_path: str,
            report: str | None, json_out: str | None, baseline: str | None,
            canary: str | None, judge: bool, models: str | None, concurrency: int,
            database_url: str | None) -> None:
    """Attack a customer-service bot (zh/en) and report its vulnerabilities (docs/redteam.md).

    Exit codes: 0 every attack resisted, 1 an attack succeeded (or the share resisted is
    under --fail-under), 2 bad input, 3 attempts that could not be judged.
    """
    def listed(value: str | None) -> list[str] | None:
        return [v.strip() for v in value.split(",") if v.strip()] if value else None

    sys.exit(redteam_command(target, lang, listed(categories), listed(strategies), per_category,
                             seed, fail_under, out_path, report, json_out, baseline, canary,
                             judge, models, concurrency, database_url))
